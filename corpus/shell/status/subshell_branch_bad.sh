#!/usr/bin/env bash
# A subshell whose last statement is an `if` passes on the status of the branch that
# ran: under errexit and pipefail a failed agent in either branch ends the subshell,
# and errexit ends the script, before `PIPESTATUS` is read (RA204).
set -euo pipefail

drive() {
    local workdir=$1 prompt=$2 log=$3
    (
        cd "$workdir"
        if [[ -f .codex-stdin ]]; then
            printf '%s' "$prompt" | codex exec --full-auto - 2>&1 | tee "$log"
        else
            codex exec --full-auto "$prompt" 2>&1 | tee "$log"
        fi
    )
    local status=${PIPESTATUS[0]}  # expect: RA204(error)
    if [[ $status -ne 0 ]]; then
        echo "codex failed with $status, see $log" >&2
        return 1
    fi
}

drive "$PWD" "Fix the lint errors" codex.log
