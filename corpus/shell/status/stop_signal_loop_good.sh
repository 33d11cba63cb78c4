#!/bin/bash
# Near misses: a loop whose prompt is read from a file and that stops, at the top of the
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

# and one whose condition reads, before each run, what the last run left in the tasks
# file (its unchecked boxes): a check of the work, whatever the prompt says
while grep -q '^- \[ \]' tasks.md; do
  claude -p --dangerously-skip-permissions "$(envsubst < "$PROMPT_FILE")"
done
