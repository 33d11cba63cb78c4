#!/usr/bin/env bash
# An endless work loop that keeps the agent's status only to print it: the loop goes on
# whatever the run did, so an expired login or a spent quota repeats every interval.
while true; do
    [ -f .stop ] && break
    codex exec --full-auto "Work on the next item in TODO.md"  # expect: RA203(warning)
    status=$?
    echo "--- codex exit status: $status ---"
    sleep 600
done

# The same with a message function of the script and a `local` in a function's loop.
say() { printf '[%s] %s\n' "$(date +%T)" "$*"; }
work() {
    local rc
    until [ -f DONE ]; do
        claude -p "Continue the migration in PLAN.md" --dangerously-skip-permissions  # expect: RA203(warning)
        rc=$?
        say "claude finished with $rc"
        sleep 30
    done
}
work

# Two arms, each with its own run: the quiet arm only prints its status, the other tests
# its own (set in that arm before the test), which decides nothing about the quiet one.
while :; do
    if [ -f .quiet ]; then
        gemini -p "Summarise today's commits" > summary.md  # expect: RA203(warning)
        code=$?
        echo "gemini: $code"
    else
        gemini -p "Summarise today's commits and open issues" > summary.md
        code=$?
        [ "$code" -eq 0 ] || exit "$code"
    fi
    sleep 3600
done
