#!/usr/bin/env bash
# Near misses: the status read right after the run, or after an assignment that runs a
# command of its own (its status is the one meant), or an assignment before the run.

finish_turn() {
  wait "$TURN_PID"
  local rc=$?
  TURN_PID=""
  return "$rc"
}

claude -p "Refactor the parser" > turn.log 2>&1 &
TURN_PID=$!
if ! finish_turn; then
  echo "turn failed" >&2
  exit 1
fi

attempt="lint"
codex exec --full-auto "Fix the lint errors" > codex.log 2>&1
status=$?
if [ "$status" -ne 0 ]; then
  echo "codex failed at $attempt" >&2
  exit "$status"
fi

gemini -p "Summarise the changes" > summary.md
rc=$?
summary_file="summary.md"
if [ "$rc" -ne 0 ]; then
  echo "gemini failed; see $summary_file" >&2
fi

# A job started in the background: its `wait` reads the status, not the `$?` after it.
claude -p "Write the changelog" > changelog.log 2>&1 &
changelog_pid=$!
started=$?
wait "$changelog_pid" || echo "changelog failed ($started)" >&2
