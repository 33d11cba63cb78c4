#!/bin/bash
# A review loop whose prompt is read from a file: the `.stop` file it tests at the top
# of each round is its operator's signal, not a sign of what the last run did.
set -u
PROMPT_FILE=$1

while true; do
  if [ -f .stop ]; then
    echo "stop signal: exiting"
    exit 0
  fi
  claude -p --dangerously-skip-permissions < "$PROMPT_FILE" >> review.log 2>&1  # expect: RA203(warning)
  sleep 1800
done
