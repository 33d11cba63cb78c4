#!/usr/bin/env bash
# The same function, called as a condition: errexit is off there, and the failure
# reaches the branch that handles it.
set -euo pipefail

run_agent() {
  local rc
  (eval "opencode run -- \"$1\"" > run.log 2>&1) &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do sleep 5; done
  wait "$pid" || rc=$?
  return ${rc:-0}
}

if ! run_agent "Continue the plan"; then
  echo "the agent failed" >&2
  exit 1
fi
