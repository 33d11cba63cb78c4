#!/usr/bin/env bash
# Near miss: the same functions, each defined after the one that calls it, called as
# bash lets a failure be read under errexit: the phase in `|| result=$?`, the review
# under pipefail. Nothing is lost, and nothing is dead.
set -eo pipefail

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

result=0
execute_phase planning || result=$?
if [ "$result" -eq 3 ]; then
  echo "circuit breaker tripped" >&2
  exit 10
fi

run_agent review | tee logs/review.txt
