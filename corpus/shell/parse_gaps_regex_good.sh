#!/usr/bin/env bash
# Near miss: the same regexes (mended before parsing), and the agent's status read
# through PIPESTATUS.

wait_seconds() {
    if [[ "$1" =~ "try again in "([0-9]+)" minute" ]]; then
        echo $(( BASH_REMATCH[1] * 60 ))
    elif [[ "$1" =~ call:([A-Za-z0-9_.:-]+) ]] && [[ "${1:0:1}" == x ]]; then
        echo 0
    fi
}

claude -p "Fix the failing test" | tee -a run.log
rc=${PIPESTATUS[0]}
sleep "$(wait_seconds "$LAST_ERROR")"
exit "$rc"
