#!/bin/bash
# A library meant to be sourced (it tests whether it is), by scripts this tree does not
# hold: its `set -e` holds where they call its functions, so the read after the job's
# `wait` in `run_phase` only ever sees success (RA204).
set -euo pipefail

run_phase() {
    claude -p "Work on phase $1" > "phase-$1.log" 2>&1 &
    local pid=$!
    local pids=()
    pids+=("$pid")
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}"
        local rc=$?  # expect: RA204(error)
        case $rc in
            0) echo "phase $1 done" ;;
            124) echo "phase $1 timed out" >&2; rm -f "phase-$1.log" ;;
        esac
    done
}

if [ "${BASH_SOURCE[0]:-}" = "$0" ]; then
    echo "source this file, then call run_phase" >&2
    exit 1
fi
