#!/usr/bin/env bash
# Near miss: `run_agent` leaves claude's status in AGENT_EXIT_CODE and returns 0; the
# endless loop tests that variable and stops on a failure: only a success goes round
# again (by `continue` too, after its work).
set -euo pipefail

AGENT_EXIT_CODE=0

run_agent() {
    AGENT_EXIT_CODE=0
    claude -p "$(cat PROMPT.md)" --dangerously-skip-permissions >last.log 2>&1 || AGENT_EXIT_CODE=$?
    return 0
}

while true; do
    run_agent
    if [ "$AGENT_EXIT_CODE" -ne 0 ]; then
        echo "agent failed (exit $AGENT_EXIT_CODE)" >&2
        exit 1
    fi
    git add -A
    git commit -qm "iteration" || true
    if [ -f .review-next ]; then
        rm -f .review-next
        ./scripts/review.sh
        continue
    fi
    if [ -f .stop ]; then
        break
    fi
done
