#!/usr/bin/env bash
# Near misses: a coprocess waited in a condition, or through `|| rc=$?`, gives
# its status to the script; one waited through `$COPROC_PID` is not lost.

coproc REVIEW { claude -p "Review the diff" > review.md; }
if ! wait "$REVIEW_PID"; then
    echo "review failed" >&2
    exit 1
fi

coproc { gptme --non-interactive "Update the changelog"; }
rc=0
wait "$COPROC_PID" || rc=$?
if [ "$rc" -ne 0 ]; then echo "changelog agent failed: $rc"; fi
