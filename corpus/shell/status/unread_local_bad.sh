#!/usr/bin/env bash
# A status kept in a variable `local` to the function that runs the agent, which nothing
# reads: a library the script sources cannot read it either.
source "$(dirname "$0")/lib/common.sh"
fix_pass() {
    local fix_output
    local fix_rc=0
    fix_output=$(echo "$1" | claude --print 2>&1) || fix_rc=$?  # expect: RA203(warning)
    review_cycle=$((review_cycle + 1))
}
fix_pass "Fix the review comments"
