#!/usr/bin/env bash
# A library of agent calls. Every call of `call_agent` is a condition or inside a
# `$(…)`, here and in the script that sources this one: errexit is off in its body,
# and its reads see failures.

call_agent() {
    local prompt="$1" output="${2:-}" rc=0
    if [[ -n "$output" ]]; then
        claude -p "$prompt" >"$output" &
        wait $!
        rc=$?
    else
        claude -p "$prompt"
        rc=$?
    fi
    if [[ $rc -ne 0 ]]; then
        echo "agent failed: $rc" >&2
        return "$rc"
    fi
}

run_review() {
    call_agent "Review the last commit" || return 1
}

run_score() {
    call_agent "Score the work from 0 to 10"
}
