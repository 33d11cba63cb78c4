#!/bin/bash
# Under errexit, a failing `X=$(agent …)` ends the script at the assignment: the status
# read after it only ever sees success, and the retry branch it feeds is dead (RA204).
set -e
while true; do
    OUTPUT=$(claude -p "Do the next deliverable of SPEC.md" 2>&1)
    EXIT_CODE=$?  # expect: RA204(error)
    if echo "$OUTPUT" | grep -q "ALL_DONE"; then
        exit 0
    fi
    if [ "$EXIT_CODE" -ne 0 ]; then
        echo "claude failed ($EXIT_CODE), retrying" >&2
    fi
    sleep 10
done
