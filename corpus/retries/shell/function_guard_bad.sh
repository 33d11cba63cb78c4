#!/usr/bin/env bash
# RA302: a loop that re-runs the agent only when a function of the script finds a
# usage-cap marker in the run's files: a transient failure (the function's body is the
# rate-limit guard), but a fresh session each time, not a resume of a named one.
set -uo pipefail

is_usage_cap_failure() {
    local files=()
    [ -f "$1" ] && files+=("$1")
    [ -f "$2" ] && files+=("$2")
    [ "${#files[@]}" -gt 0 ] || return 1
    rg -qi '(quota|rate[ -]?limit|too many requests|usage cap)' "${files[@]}"
}

for attempt in 1 2 3; do  # expect: RA302(warning)
    if claude -p "Review the diff" > out.log 2> err.log; then
        break
    fi
    if [ "$attempt" -lt 3 ] && is_usage_cap_failure out.log err.log; then
        sleep 60
        continue
    fi
    exit 1
done
