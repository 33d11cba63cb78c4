#!/usr/bin/env bash
# Near miss: a bounded Ralph loop that runs the agent whatever its status and stops
# when its last message says the work is done.
set -euo pipefail

msg="$(mktemp)"
for attempt in 1 2 3 4 5; do
  codex exec --full-auto -o "$msg" - < TASK.md > "codex-$attempt.log" 2>&1 || true
  if grep -q "ALL TASKS DONE" "$msg"; then
    cat "$msg"
    exit 0
  fi
done
exit 1
