#!/usr/bin/env bash
# Near misses: the run's errors go elsewhere, so a file with no output is the failed
# run and the helper's emptiness test judges it; and a merged log is grepped for the
# completion marker.
set -uo pipefail
work=$(mktemp -d)

run_phase() {
    local prompt="$1"
    local out="$2"
    opencode run "$prompt" > "$out" 2>> "$work/errors.log" || true
    cat "$out"
}

produced() {
    local input="$1"
    if [[ ! -s "$input" ]]; then
        echo "phase produced nothing: see errors.log" >&2
        exit 1
    fi
}

run_phase "/develop the next item of PLAN.md" "$work/develop.txt"
produced "$work/develop.txt"

opencode run "/test the new code" > "$work/test.txt" 2>&1 || true
if ! grep -q "ALL TESTS PASS" "$work/test.txt"; then
    echo "tests failed" >&2
    exit 1
fi
