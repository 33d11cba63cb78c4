#!/bin/bash
# Near miss of forwarded_string_bad: the same forwarded `bash -c` string, its status kept
# with `|| exit_code=$?`, so errexit does not end the script and the timeout branch runs.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

run_executor() {
    local worktree="$1" prompt="$2" exit_code=0
    printf '%s' "$prompt" | timeout_cmd 1800 bash -c "cd '$worktree' && claude --model opus" > executor.log 2>&1 || exit_code=$?
    if [ "$exit_code" -eq 124 ]; then
        echo "executor timed out" >&2
    fi
    return "$exit_code"
}

run_executor "$1" "$2"
