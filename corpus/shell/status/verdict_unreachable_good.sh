#!/usr/bin/env bash
# Near misses: the function's verdict is captured with `||`, or tested in a condition,
# so errexit does not end the script when it returns 1 or 2.
set -e

run_iteration() {
    local output
    output=$(claude -p "Work on the next task in PLAN.md" 2>&1) || true
    if grep -q "ALL_TASKS_COMPLETE" <<<"$output"; then
        return 0
    fi
    if grep -q "BLOCKED:" <<<"$output"; then
        return 2
    fi
    return 1
}

while true; do
    result=0
    run_iteration || result=$?
    case $result in
        0) echo "done"; break ;;
        1) echo "next task" ;;
        2) echo "blocked" >&2; exit 1 ;;
    esac
done

if run_iteration; then
    echo "done at once"
fi
