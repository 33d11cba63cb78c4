#!/bin/bash
# Sourced by ../loop.sh, which has pipefail, and run on its own too (`bash lib/agent.sh
# …`, the guard at the end): run so, it has no pipefail, and the run's status is jq's.
run_agent() {
  claude -p "$1" --output-format stream-json | jq -r 'select(.type == "result").result'  # expect: RA101(error)
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  run_agent "$1"
fi
