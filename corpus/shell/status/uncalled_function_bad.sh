#!/usr/bin/env bash
# The same function, called from another function the script runs (and named
# as a `trap` handler): errexit is on at those calls, so the `$?` read after
# the agent only ever sees success (RA204).
set -e

run_review() {
    claude -p "Review the diff" > review.md
    local rc=$?  # expect: RA204(error)
    if [ "$rc" -ne 0 ]; then echo "review failed: $rc"; fi
    return "$rc"
}

summarise() {
    gptme --non-interactive "Summarise review.md" > summary.md
    echo "summary exit: $?"  # expect: RA204(error)
}

main() {
    run_review
}

trap summarise EXIT
main
