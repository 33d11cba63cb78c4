#!/usr/bin/env bash
# A function keeps its run's status with `|| rc=$?` and returns `${rc:-0}`: the
# variable is set to a value known only at run time, so the default does not apply and
# the function passes the agent's status on. Called as a plain command under errexit,
# a failure ends the script there, and the guard after the call never sees one.
set -euo pipefail

run_agent() {
  local rc
  (eval "opencode run -- \"$1\"" > run.log 2>&1) &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do sleep 5; done
  wait "$pid" || rc=$?
  return ${rc:-0}
}

run_agent "Continue the plan"
if [[ $? -ne 0 ]]; then  # expect: RA204(error)
  echo "the agent failed" >&2
fi
