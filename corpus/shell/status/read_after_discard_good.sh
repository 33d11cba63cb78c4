#!/usr/bin/env bash
# Near misses: the status is captured inside the list (`|| code=$?`), or `|| true` with
# no status read after it and the output examined (judged by its output).
set -e
for ((i = 1; i <= 5; i++)); do
  tmp=$(mktemp)
  claude --dangerously-skip-permissions -p "Do the next task" > "$tmp" 2>&1 &
  pid=$!
  code=0
  wait "$pid" || code=$?
  if [ "$code" -ne 0 ]; then
    echo "claude exited with $code" >&2
  fi
  if grep -q "<promise>COMPLETE</promise>" "$tmp"; then
    exit 0
  fi
done

codex exec "Update the changelog" > changelog.log || true
if ! grep -q "Updated" changelog.log; then
  echo "codex did not update the changelog" >&2
  exit 1
fi

# Without pipefail the pipeline returns `tee`'s status, `|| true` does not run, and
# `${PIPESTATUS[0]}` is the agent's own.
set +o pipefail
claude -p "Start the task" 2>&1 | tee run.log || true
exit_code=${PIPESTATUS[0]}
if [ "$exit_code" -ne 0 ]; then
  echo "claude exited with $exit_code" >&2
  exit "$exit_code"
fi

# A `for` loop keeps `$?` into its body's first statement: the read there is the agent's.
set +e
claude -p "Check the docs" > docs.log
for attempt in 1; do
  if [ $? -ne 0 ]; then
    echo "claude failed" >&2
    exit 1
  fi
done

# A pid saved in each arm of an `if`, and `wait` read directly: each run's status.
for round in 1 2 3; do
  if [ -f continue.md ]; then
    claude --dangerously-skip-permissions < continue.md &
    agent_pid=$!
  else
    claude -c --dangerously-skip-permissions &
    agent_pid=$!
  fi
  if ! wait "$agent_pid"; then
    echo "round $round failed" >&2
    exit 1
  fi
done
