#!/usr/bin/env bash
# The same library, sourced by a script that turns on no option
# (sourced_by_loose_bad.sh): the pipeline loses the agent's status.
run_summary() {
  claude -p "Summarise the diff" 2>&1 | tee -a summary.log  # expect: RA101(error)
}
