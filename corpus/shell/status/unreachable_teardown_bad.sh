#!/usr/bin/env bash
# RA204: the status is only passed on to `exit`, but a teardown runs between the
# read and the exit. errexit ends the script when the agent fails, so the
# teardown is skipped exactly when it matters.
set -e

opencode run "Complete the task in /task.txt"
AGENT_RC=$?  # expect: RA204(error)
git add -A
git commit -m "agent run" || echo "nothing to commit"
docker compose down
exit $AGENT_RC
