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

# ... a `&& break` after the run leaves the loop with the status, which is read after it
while true; do
    claude -p "Fix the next failing test" || fixed=$?
    [ -f STOP ] && break
    fixed=0
    sleep 60
done
echo "last fix: ${fixed:-0}"

# ... a `case` item that falls through (`;&`) to one that reads it
case "${1:-}" in
    fix) claude -p "Fix the lint errors" || lint=$? ;&
    report) echo "lint: ${lint:-0}" ;;
esac

# ... a trap's function reads it at exit; an array element is read; an exported name is
# read by the commands run after it
report_exit() { echo "agent exit: ${final:-0}" >> status.log; }
trap report_exit EXIT
claude -p "Update the changelog" || final=$?
claude -p "Update the docs" || codes=$?
echo "docs: ${codes[0]}"
export shared=0
claude -p "Tag the release" || shared=$?
./notify.sh
shared=0
