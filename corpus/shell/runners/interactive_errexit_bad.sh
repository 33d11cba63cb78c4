#!/bin/bash
# RA204 holds for an interactive session too: errexit ends the script when the session
# fails, so the restart loop never restarts it after a crash, and the read of `$?`
# only ever sees success.
set -e

while true; do
  echo "Starting Claude Code at $(date)"
  claude
  EXIT_CODE=$?  # expect: RA204(error)
  echo "Claude exited with code $EXIT_CODE; restarting in 10 seconds"
  sleep 10
done
