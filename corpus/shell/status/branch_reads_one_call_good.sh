#!/usr/bin/env bash
# Near miss: every call of the function is a condition, so errexit is off in
# its body and both branches' reads see the agent's status.
set -euo pipefail

run_turn() {
    local rc
    if [[ "${STREAM:-false}" == "true" ]]; then
        claude -p "$1" --output-format stream-json </dev/null
        rc=$?
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
    run_turn "Work through TASKS.md" || exit 1
    exit 0
fi
while :; do
    if ! run_turn "Work through TASKS.md"; then
        sleep 60
    fi
done
