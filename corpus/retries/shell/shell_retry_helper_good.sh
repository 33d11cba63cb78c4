#!/usr/bin/env bash
# Near misses: the same retry helper given only network steps, and a helper
# that runs its command once, reporting a failure instead of re-running it.

retry() {
    local attempts=$1
    shift
    for ((i = 1; i <= attempts; i++)); do
        "$@" && return 0
        sleep $((i * 10))
    done
    return 1
}

run_logged() {
    echo "running: $*" >&2
    if ! "$@"; then
        echo "failed: $*" >&2
        return 1
    fi
}

retry 5 git fetch origin
retry 3 curl -fsSL -o models.json https://example.com/models.json
run_logged claude -p "Fix the failing tests" || exit 1
