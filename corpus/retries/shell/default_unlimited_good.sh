#!/usr/bin/env bash
# Near misses of a bound switched off by default: a default that turns the guard on
# bounds the loop, and so does a guard on a variable the loop itself counts up.
set -o pipefail
MAX_ROUNDS=20  # 0 = unlimited
round=0

while true; do
    if [ "$MAX_ROUNDS" -gt 0 ] && [ "$round" -ge "$MAX_ROUNDS" ]; then
        echo "reached $MAX_ROUNDS rounds"
        exit 1
    fi
    round=$((round + 1))
    if out=$(claude -p "$(cat PROMPT.md)" --dangerously-skip-permissions 2>&1 | tee "round-$round.log"); then
        if grep -q "<promise>DONE</promise>" <<<"$out"; then
            echo "done"
            break
        fi
    else
        echo "claude failed; next round"
    fi
    sleep 2
done

# `strikes` starts at 0 but the loop counts it up: once a failure counts, the test of
# the cap runs, and the third failure in a row ends the script.
strikes=0
while :; do
    if ! codex exec --full-auto "Fix the next failing test" > codex.log 2>&1; then
        strikes=$((strikes + 1))
    else
        strikes=0
    fi
    if [ "$strikes" -gt 0 ] && [ "$strikes" -ge 3 ]; then
        echo "three failures in a row" >&2
        exit 1
    fi
    grep -q "ALL TESTS PASS" codex.log && break
done

# A function's own limit, given by its caller, and one the script computes before the
# loop: neither is the `0` assigned first, so the count may well run.
MAX=0
run_rounds() {
    local MAX=$1
    local n=0
    while true; do
        [ "$MAX" -gt 0 ] && [ "$n" -ge "$MAX" ] && break
        n=$((n + 1))
        if ! claude -p "Work on TODO.md" > out.log 2>&1; then
            continue
        fi
        grep -q DONE out.log && break
    done
}
run_rounds 10

LIMIT=0
load_limit() { LIMIT=$(jq -r .max_rounds config.json); }
load_limit
i=0
while true; do
    [ "$LIMIT" -gt 0 ] && [ "$i" -ge "$LIMIT" ] && break
    i=$((i + 1))
    if ! codex exec --full-auto "Fix the next failing test" > codex.log 2>&1; then
        continue
    fi
    grep -q "ALL TESTS PASS" codex.log && break
done
