#!/usr/bin/env bash
# A library: `run_agent` leaves the agent's status in the global `AGENT_STATUS`
# (read from its stage of the pipeline) and returns the status of `set -e`.
# Nothing here calls it: the scripts that source it read the global, or not.
run_agent() {
  set +e
  claude -p "$1" --output-format stream-json 2>&1 | tee "$2" | jq -r '.result // empty'  # expect: RA102(info)
  AGENT_STATUS=${PIPESTATUS[0]}
  set -e
}
