#!/usr/bin/env bash
# Near misses: the same function in pipelines whose status is the agent's
# (its own stage is read from PIPESTATUS, or pipefail is on), and a function
# that runs something else.
set -e

run_agent() {
    claude -p "$1" --output-format text
}

show_help() {
    cat README.md
}

set +e
run_agent "Fix the failing tests" | tee -a agent.log
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then echo "agent failed: $rc"; fi
show_help | grep -qi usage
set -o pipefail
run_agent "Update the docs" | tee docs.log
