#!/usr/bin/env bash
# A queue loop whose prompt is built, through two variables, from the task file it then
# reads again only to pace itself: that read is the prompt's source, not a check of what
# the run did, so a run that keeps failing spins the loop unseen.
set -u
QUEUE=${1:?}

while true; do
  task=$(cat "$QUEUE/next.md")
  prompt="Work on this task: $task"
  claude -p "$prompt" > run.log 2>&1  # expect: RA203(warning)
  if grep -q "urgent" "$QUEUE/next.md"; then
    sleep 10
  else
    sleep 600
  fi
done

# and read in the prompt's own word: the file a `$(cat …)` reads is not one it names
while true; do
  claude -p "Work on this task: $(cat "$QUEUE/next.md")" > run.log 2>&1  # expect: RA203(warning)
  if grep -q "urgent" "$QUEUE/next.md"; then
    sleep 10
  else
    sleep 600
  fi
done
