#!/usr/bin/env bash
# One defect, one finding: the agent ends each branch of one `if` (with `timeout`, with
# `gtimeout`, or bare), so the `if` passes its status on, and nothing after it reads it.
run_round() {
    local prompt="$1"
    if command -v timeout >/dev/null 2>&1; then
        timeout 900 codex exec "$prompt" >round.log 2>&1  # expect: RA203(warning)
    elif command -v gtimeout >/dev/null 2>&1; then
        gtimeout 900 codex exec "$prompt" >round.log 2>&1
    else
        codex exec "$prompt" >round.log 2>&1
    fi
    cp round.log last-round.log
}

run_round "Fix the flaky test"
echo "round done"
