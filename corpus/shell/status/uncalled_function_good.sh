#!/usr/bin/env bash
# Near miss: errexit is decided where a function is called. `run_review` reads
# `$?` right after its agent under `set -e`, but nothing calls it (nor
# `run_all`, which would), so no call makes that read dead: no RA204.
set -e

run_review() {
    claude -p "Review the diff" > review.md
    local rc=$?
    if [ "$rc" -ne 0 ]; then echo "review failed: $rc"; fi
    return "$rc"
}

run_all() {
    run_review
}

echo "nothing to review today"
