#!/usr/bin/env bash
# Near misses: in a script that sources a library, a status kept in a global variable
# (the library may read it), and a `local` one the function reads.
source "$(dirname "$0")/lib/common.sh"
last_rc=0
claude -p "Tidy the changelog" || last_rc=$?
report_last_run

fix_pass() {
    local fix_rc=0
    claude --print "$1" || fix_rc=$?
    return "$fix_rc"
}
fix_pass "Fix the review comments" || exit 1
