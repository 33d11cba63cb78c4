#!/usr/bin/env bash
# Near miss: a bounded Ralph loop that runs the agent whatever its status and stops
# when its last message says the work is done; a `[[ ]]` of its status only logs.
set -euo pipefail

msg="$(mktemp)"
for attempt in 1 2 3 4 5; do
  rc=0
  codex exec --full-auto -o "$msg" - < TASK.md > "codex-$attempt.log" 2>&1 || rc=$?
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    echo "codex exited $rc" >&2
  fi
  if grep -q "ALL TASKS DONE" "$msg"; then
    cat "$msg"
    exit 0
  fi
done
exit 1
