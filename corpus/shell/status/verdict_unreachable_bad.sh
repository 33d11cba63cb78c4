#!/usr/bin/env bash
# A function that judges the run by what it printed returns codes of its own (0 done,
# 1 go on, 2 blocked); under errexit a call of it outside any condition ends the script
# whenever it returns 1 or 2, so the read after it only ever sees 0.
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
    run_iteration
    result=$?  # expect: RA204(error)
    case $result in
        0) echo "done"; exit 0 ;;
        1) echo "next task" ;;
        2) echo "blocked" >&2; exit 1 ;;
    esac
done
