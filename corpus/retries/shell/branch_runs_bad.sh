#!/usr/bin/env bash
# The same agent run in both branches of an `if` is one step: its status, read after the
# `fi`, sends a failed run round again.

run_with_retry() {
    local prompt="$1" streaming="${2:-false}"
    while true; do  # expect: RA302(warning)
        if [ "$streaming" = true ]; then
            claude -p "$prompt" --output-format stream-json | tee -a run.log | jq -r '.text // empty'  # expect: RA102(info)
        else
            claude -p "$prompt" | tee -a run.log
        fi
        local exit_code=${PIPESTATUS[0]}
        if [ "$exit_code" -ne 0 ]; then
            sleep 60
            continue
        fi
        break
    done
}

run_with_retry "Fix the failing tests" true
