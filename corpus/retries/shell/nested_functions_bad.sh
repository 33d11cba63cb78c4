#!/usr/bin/env bash
# RA302: a retry loop around a function that runs the agent through another function
# (`run_iteration` runs each phase with `run_phase`, which runs claude): a failed
# iteration runs every phase again.
set -uo pipefail

run_phase() {
  timeout 900 claude -p "$(cat "prompts/$1.md")" --dangerously-skip-permissions
}

run_iteration() {
  run_phase plan || return 1
  run_phase build || return 1
  run_phase review || return 1
  return 0
}

attempt=1
while [ "$attempt" -le 3 ]; do  # expect: RA302(warning)
  if run_iteration; then
    break
  fi
  sleep $((attempt * 30))
  attempt=$((attempt + 1))
done
