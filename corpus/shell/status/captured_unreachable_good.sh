#!/bin/bash
# Near misses: the capture is tested (or `|| rc=$?` keeps errexit off it), and a `local`
# declaration returns its own status, so the run's failure never ends the script there.
set -e
run() {
    local out
    out=$(claude -p "Summarise TODO.md" 2>&1) || return $?
    echo "$out"
}

while true; do
    rc=0
    OUTPUT=$(claude -p "Do the next deliverable of SPEC.md" 2>&1) || rc=$?
    if echo "$OUTPUT" | grep -q "ALL_DONE"; then
        exit 0
    fi
    if [ "$rc" -ne 0 ]; then
        echo "claude failed ($rc)" >&2
        exit "$rc"
    fi
    if ! SUMMARY=$(run); then
        echo "summary failed" >&2
    fi
    echo "$SUMMARY"
done
