#!/usr/bin/env bash
# The wrapper passes the agent's status on with a bare `return`; the endless loop that
# calls it drops that status, so a run that fails every time spins for ever (RA203).

run_agent() {
    claude -p "Work on the next item in TODO.md" > last-run.log
    return
}

while true; do
    run_agent  # expect: RA203(warning)
    sleep 300
done
