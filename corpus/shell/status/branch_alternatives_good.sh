#!/usr/bin/env bash
# Near miss: the same branches, and the status the `if` passes on is kept.
run_round() {
    local prompt="$1" rc=0
    if command -v timeout >/dev/null 2>&1; then
        timeout 900 codex exec "$prompt" >round.log 2>&1 || rc=$?
    elif command -v gtimeout >/dev/null 2>&1; then
        gtimeout 900 codex exec "$prompt" >round.log 2>&1 || rc=$?
    else
        codex exec "$prompt" >round.log 2>&1 || rc=$?
    fi
    cp round.log last-round.log
    return "$rc"
}

if ! run_round "Fix the flaky test"; then
    echo "round failed" >&2
    exit 1
fi
