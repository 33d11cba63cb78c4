#!/bin/bash
# Near miss of captured_pipestatus_bad.sh: a pipeline run on its own keeps its stages in
# `PIPESTATUS`, and under pipefail the assignment gets the agent's status.
call_agent() {
  opencode run "$1" 2>&1 | tee "$2"
  local exit_code=${PIPESTATUS[0]}
  [ "$exit_code" -eq 0 ] || return 1
}

strict_call() {
  set -o pipefail
  local output
  output=$(opencode run "$1" 2>&1 | tee "$2")
  local exit_code=$?
  [ "$exit_code" -eq 0 ] || return 1
  echo "$output" | tail -n 1
}

if call_agent "Fix the failing test" run.log && strict_call "Review the fix" review.log; then
  git commit -qam "fix"
fi
