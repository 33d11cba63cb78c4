#!/usr/bin/env bash
# The runner never names the agent: it calls a function of a sourced library.
# Under errexit a failed step ends the script, so the retry guard is dead.
set -e
source "$(dirname "${BASH_SOURCE[0]}")/lib/agent_fn.sh"

run_step "Work through TASKS.md"
step_rc=$?  # expect: RA204(error)
if [ "$step_rc" -ne 0 ]; then
  echo "step failed; retrying later" >&2
fi
