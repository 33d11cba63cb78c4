#!/usr/bin/env bash
# errexit is decided where a function is called: most calls of this wrapper test it
# (`if ! run_phase …`), where its guard sees the agent's failures, but one calls it
# plainly under errexit, where a failure ends the script before the guard: on that call
# the error is never logged and the phase is never marked failed.
set -eu

run_phase() {
  local phase=$1
  claude -p "$(cat "prompts/$phase.md")" --output-format text > "logs/$phase.log"
  local rc=$?  # expect: RA204(error)
  if [ "$rc" -ne 0 ]; then
    echo "phase $phase failed with $rc" >> logs/failures.log
    touch "state/$phase.failed"
    return "$rc"
  fi
}

run_phase plan
for phase in build test; do
  if ! run_phase "$phase"; then
    echo "stopping after $phase" >&2
    exit 1
  fi
done
