#!/usr/bin/env bash
# RA203: plain assignments between the run (or the `wait` for it) and the `$?` that
# means its status: each assignment sets `$?` to 0, so the read is the assignment's.

run_worker() {
  claude -p "$1" --output-format text > worker.log 2>&1 &
  WORKER_PID=$!
}

finish_worker() {
  wait "$WORKER_PID"
  WORKER_PID=""
  return $?  # expect: RA203(warning)
}

run_worker "Refactor the parser"
if ! finish_worker; then
  echo "worker failed" >&2
  exit 1
fi

codex exec --full-auto "Fix the lint errors" > codex.log 2>&1
ended="yes"
last_step="lint"
status=$?  # expect: RA203(warning)
if [ "$status" -ne 0 ]; then
  echo "codex failed at $last_step ($ended)" >&2
  exit "$status"
fi

# The waiting function is defined above the job it waits for, as functions are.
reap_reviewer() {
  wait "$REVIEW_PID"
  REVIEW_PID=""
  return $?  # expect: RA203(warning)
}

gemini -p "Review the diff" > review.md 2>&1 &
REVIEW_PID=$!
reap_reviewer || echo "review failed" >&2
