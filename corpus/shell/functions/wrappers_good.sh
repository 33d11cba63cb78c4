#!/bin/bash
# Near misses: the status is captured where errexit cannot end the script,
# or the wrapper deals with it itself.
set -euo pipefail

portable_timeout() {
  local t=$1
  shift
  timeout "$t" "$@"
}

# Checks the status itself and always succeeds: not a pass-through.
run_checked() {
  local rc=0
  timeout 600 "$@" || rc=$?
  if [ "$rc" -eq 124 ]; then echo "timed out"; fi
  return 0
}

rc=0
portable_timeout 600 claude -p "$TASK" || rc=$?
if [ "$rc" -eq 124 ]; then echo "timed out"; fi

if portable_timeout 600 claude -p "$TASK"; then
  echo "done"
else
  rc=$?
  if [ "$rc" -eq 124 ]; then echo "timed out"; fi
fi

run_checked claude -p "$TASK"
echo "finished with $?"

portable_timeout 600 claude -p "$TASK"
