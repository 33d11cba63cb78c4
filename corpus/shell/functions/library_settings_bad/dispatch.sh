#!/usr/bin/env bash
# RA203: the agent's path comes from a library function's assignments; the script reads
# `$?` after `wait "$pid" || true`, which is always 0, so a failed run is never FAILED.
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/lib/paths.sh"
load_settings

log="$LOGS/run-$(date +%s).out"
nohup "$CLAUDE_BIN" -p "$(cat "$1")" --permission-mode bypassPermissions >"$log" 2>&1 &
pid=$!
wait "$pid" || true
status=$?  # expect: RA203(warning)
echo "claude exit=$status"
if [[ "$status" -ne 0 ]]; then
  echo "STATUS=FAILED"
  exit 1
fi
echo "STATUS=DONE"
