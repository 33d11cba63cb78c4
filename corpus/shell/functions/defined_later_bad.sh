#!/usr/bin/env bash
# bash finds a function when it is called, not where its caller is defined: the phase
# runner calls `run_agent`, defined further down, which picks the agent's own runner
# in a `case`, defined further down again. Under errexit a failed phase ends the
# script at the plain call, so the circuit-breaker guard after it never runs, and a
# phase piped into `tee` loses its status to it.
set -e

execute_phase() {
  local phase=$1 agent_result=0
  run_agent "$phase" || agent_result=$?
  if [ "$agent_result" -ne 0 ]; then
    return 3  # circuit breaker
  fi
  return 0
}

run_agent() {
  case "${AGENT_TOOL:-opencode}" in
    opencode) run_opencode "$1" ;;
    *) echo "unknown agent tool: $AGENT_TOOL" >&2; return 1 ;;
  esac
}

run_opencode() {
  timeout 1800 opencode run "Work on the $1 phase" > "logs/$1.log"
}

execute_phase planning
result=$?  # expect: RA204(error)
if [ "$result" -eq 3 ]; then
  echo "circuit breaker tripped" >&2
  exit 10
fi

run_agent review | tee logs/review.txt  # expect: RA101(error)
