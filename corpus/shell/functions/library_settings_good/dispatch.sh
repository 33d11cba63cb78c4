#!/usr/bin/env bash
# A near miss: the agent's path comes from a library function's assignments, and the
# script captures the job's status with `wait "$pid" || status=$?`.
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/lib/paths.sh"
load_settings

log="$LOGS/run-$(date +%s).out"
nohup "$CLAUDE_BIN" -p "$(cat "$1")" --permission-mode bypassPermissions >"$log" 2>&1 &
pid=$!
status=0
wait "$pid" || status=$?
echo "claude exit=$status"
if [[ "$status" -ne 0 ]]; then
  echo "STATUS=FAILED"
  exit 1
fi
echo "STATUS=DONE"
