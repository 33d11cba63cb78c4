#!/bin/bash
# RA204: the scheduler runs the project's step script by the absolute path of the
# checkout on the server (`/srv/harness/scripts/agent-step.sh`: this tree's
# scripts/agent-step.sh), under errexit and outside any condition, so a failed agent
# run ends the scheduler and `EXIT=$?` only ever reads 0.
set -e
HARNESS_DIR="/srv/harness"
bash "$HARNESS_DIR/scripts/agent-step.sh" >> nightly.log 2>&1
EXIT=$?  # expect: RA204(error)
echo "step done (exit: $EXIT)"
