#!/usr/bin/env bash
# A Ralph loop whose only bound is off by default: `MAX_ROUNDS=0` means "unlimited", the
# guard `[ "$MAX_ROUNDS" -gt 0 ]` then skips the count, and a failed run (expired login,
# spent quota) only bumps a counter nothing stops on: the same prompt runs forever.
set -o pipefail
MAX_ROUNDS=0  # 0 = unlimited
round=0
failures=0

while true; do  # expect: RA302(warning)
    if [ "$MAX_ROUNDS" -gt 0 ] && [ "$round" -ge "$MAX_ROUNDS" ]; then
        echo "reached $MAX_ROUNDS rounds"
        break
    fi
    round=$((round + 1))
    if out=$(claude -p "$(cat PROMPT.md)" --dangerously-skip-permissions 2>&1 | tee "round-$round.log"); then
        if grep -q "<promise>DONE</promise>" <<<"$out"; then
            echo "done"
            break
        fi
    else
        failures=$((failures + 1))
        echo "claude failed ($failures so far)"
    fi
    sleep 2
done

# The same switch in one test, with the limit taken from the environment by default.
LIMIT=${LIMIT:-0}
n=0
while :; do  # expect: RA302(warning)
    [[ $LIMIT -ne 0 && $n -ge $LIMIT ]] && break
    n=$((n + 1))
    if ! codex exec --full-auto "Fix the next failing test" > codex.log 2>&1; then
        echo "codex failed; next round"
        continue
    fi
    grep -q "ALL TESTS PASS" codex.log && break
done

# An `until` whose test runs the count only past a guard the default fails, and a `while`
# whose `||` takes the default for "no limit": both go round on every failure forever.
ROUNDS=0
k=0
until [ "$ROUNDS" -gt 0 ] && [ "$k" -ge "$ROUNDS" ]; do  # expect: RA302(warning)
    k=$((k + 1))
    if ! gemini -p "Continue the plan in PLAN.md" --yolo > gemini.log 2>&1; then
        continue
    fi
    grep -q "PLAN COMPLETE" gemini.log && break
done

CAP=0
j=0
while [ "$CAP" -eq 0 ] || [ "$j" -lt "$CAP" ]; do  # expect: RA302(warning)
    j=$((j + 1))
    claude -p "Fix the next lint error" --dangerously-skip-permissions > lint.log 2>&1 && break
done
