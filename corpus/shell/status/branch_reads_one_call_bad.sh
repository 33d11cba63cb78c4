#!/usr/bin/env bash
# RA204, once: one call of the function is outside any condition under errexit,
# so there neither branch's read sees a failure; that call makes both reads
# dead, and testing its status there is the one fix.
set -euo pipefail

run_turn() {
    local rc
    if [[ "${STREAM:-false}" == "true" ]]; then
        claude -p "$1" --output-format stream-json </dev/null
        rc=$?  # expect: RA204(error)
    else
        claude -p "$1" </dev/null
        rc=$?
    fi
    if [[ "$rc" -eq 124 ]]; then
        echo "timed out" >&2
    fi
    return "$rc"
}

if [[ "${1:-}" == "--once" ]]; then
    run_turn "Work through TASKS.md"
    exit 0
fi
while :; do
    if ! run_turn "Work through TASKS.md"; then
        sleep 60
    fi
done
