#!/usr/bin/env bash
# Near miss: the same loop, but the file it checks after the run is the one the prompt
# tells the run to write: a check of what the run did.
set -u
QUEUE=${1:?}

while true; do
  task=$(cat "$QUEUE/next.md")
  prompt="Work on this task: $task. Write DONE to $QUEUE/status.txt when finished."
  claude -p "$prompt" > run.log 2>&1
  if grep -q "DONE" "$QUEUE/status.txt"; then
    sleep 600
  fi
done
