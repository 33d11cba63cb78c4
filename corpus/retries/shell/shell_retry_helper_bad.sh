#!/usr/bin/env bash
# Generic retry helpers re-run "$@" whenever it fails: a call that hands them
# the agent, or a function running it, respawns the agent blindly (RA302 at
# the helper's loop).

retry() {
    local attempts=$1
    shift
    for ((i = 1; i <= attempts; i++)); do  # expect: RA302(warning)
        "$@" && return 0
        sleep $((i * 10))
    done
    return 1
}

with_backoff() {
    local label=$1
    shift
    local delay=5
    until "${@}"; do  # expect: RA302(warning)
        echo "$label failed, retrying in ${delay}s" >&2
        sleep "$delay"
        delay=$((delay * 2))
    done
}

review() {
    gptme --non-interactive "Review the last commit"
}

retry 3 claude -p "Fix the failing tests"  # expect: RA203(warning)
with_backoff "review" review
