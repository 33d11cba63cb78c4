#!/usr/bin/env bash
# The loop library of ../guarded_good.sh: `run_step` is the sourcing script's.

run_codex_step() {
  local step=$1 task=$2
  codex exec --full-auto - < "$task" > "logs/step-$step.log" 2>&1
}

run_steps() {
  local max=$1 step result
  for ((step = 1; step <= max; step++)); do
    result=0
    run_step "$step" || result=$?
    if [[ $result -ne 0 ]]; then
      echo "step $step failed with $result" >&2
      return "$result"
    fi
  done
}
