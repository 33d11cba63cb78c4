#!/usr/bin/env bash
# RA204: the read feeds a log line or a branch that never sees a failure, even
# when it ends in an `exit` as well.
set -euo pipefail

# a guard that exits with another code, or does more than print, decides something
for ((turn = 1; turn <= 3; turn++)); do
  gemini -p "Work through PLAN.md"
  turn_rc=$?  # expect: RA204(error)
  if [ "$turn_rc" -ne 0 ]; then
    echo "gemini failed on turn $turn" >&2
    exit 1
  fi
  aider --yes --message "Fix the lint errors"
  fix_rc=$?  # expect: RA204(error)
  if [ "$fix_rc" -ne 0 ]; then
    git stash
    exit "$fix_rc"
  fi
done

timeout 1800 claude -p "Work through TASKS.md" </dev/null
EXIT_CODE=$?  # expect: RA204(error)
echo "agent finished (exit: $EXIT_CODE)" >> runs.log
exit "$EXIT_CODE"
