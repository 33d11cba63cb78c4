#!/usr/bin/env bash
# Near misses: a status read later in the same turn; one that a branch sets again on
# one arm only; one read after the loop that a `break` leaves; one kept in a global
# variable that the caller reads after the call.
set -uo pipefail
while true; do
    rc=0
    claude -p "Fix the failing test in tests/" --permission-mode acceptEdits || rc=$?
    if [ -f .skip-review ]; then
        rc=0
    fi
    claude -p "Review the last commit" --permission-mode acceptEdits || review=$?
    echo "fix: $rc, review: ${review:-0}"
    [ -f STOP ] && break
    sleep 300
done
echo "last review: ${review:-0}"

last=0
deploy() {
    codex exec --full-auto "Deploy the staging branch" || last=$?
}
deploy
echo "deploy: $last"
