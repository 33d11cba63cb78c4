#!/bin/bash
# Near miss: a library meant to be sourced that sets no errexit itself: the options where
# the unseen scripts that source it call `run_phase` are theirs, unknown here, so the read
# is not known to be dead.

run_phase() {
    claude -p "Work on phase $1" > "phase-$1.log" 2>&1 &
    local pid=$!
    wait "$pid"
    local rc=$?
    case $rc in
        0) echo "phase $1 done" ;;
        *) echo "phase $1 failed: $rc" >&2; rm -f "phase-$1.log" ;;
    esac
}

if [[ "$0" == "${BASH_SOURCE[0]}" ]]; then
    echo "source this file, then call run_phase" >&2
    exit 1
fi
