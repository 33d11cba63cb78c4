#!/bin/bash
# RA204: the library's wrapper forwards its arguments to `bash -c STRING`, and the string
# ends with the agent (its folder known only when the function runs): under errexit and
# pipefail a failed or timed-out run ends the script at the pipeline, so the status read
# after it only ever sees success and its timeout branch never runs.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

run_executor() {
    local worktree="$1" prompt="$2"
    printf '%s' "$prompt" | timeout_cmd 1800 bash -c "cd '$worktree' && claude --model opus" > executor.log 2>&1
    local exit_code=$?  # expect: RA204(error)
    if [ "$exit_code" -eq 124 ]; then
        echo "executor timed out" >&2
    fi
    return "$exit_code"
}

run_executor "$1" "$2"
