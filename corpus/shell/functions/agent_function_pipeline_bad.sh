#!/usr/bin/env bash
# A function that runs the agent and passes its status on is an agent run
# where it is called: in a pipeline without pipefail its status is lost like
# the agent's own, under errexit, as a condition, or read through `$?`.
set -e

run_agent() {
    claude -p "$1" --output-format text
}

run_agent "Fix the failing tests" | tee -a agent.log  # expect: RA101(error)
if run_agent "Update the docs" 2>&1 | tee docs.log; then  # expect: RA101(error)
    echo "docs updated"
fi
