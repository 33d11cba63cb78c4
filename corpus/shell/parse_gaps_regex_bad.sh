#!/usr/bin/env bash
# A `=~` regex mixing quoted text with groups, or a group that opens on `[`, is one word
# to bash; tree-sitter-bash 0.25 fails on it. Mended before parsing, the agent run after
# it is audited like any other.

wait_seconds() {
    if [[ "$1" =~ "try again in "([0-9]+)" minute" ]]; then
        echo $(( BASH_REMATCH[1] * 60 ))
    elif [[ "$1" =~ call:([A-Za-z0-9_.:-]+) ]] && [[ "${1:0:1}" == x ]]; then
        echo 0
    fi
}

claude -p "Fix the failing test" | tee -a run.log  # expect: RA203(warning)
sleep "$(wait_seconds "$LAST_ERROR")"
