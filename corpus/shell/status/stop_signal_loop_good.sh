#!/bin/bash
# Near miss: a loop whose prompt is read from a file and that stops, at the top of the
# next round, on a marker of work done the run may have left.
set -u
PROMPT_FILE=$1

while true; do
  if [ -f ALL_TASKS_DONE ]; then
    echo "done"
    exit 0
  fi
  claude -p --dangerously-skip-permissions < "$PROMPT_FILE" >> work.log 2>&1
  sleep 60
done
