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

# and one that takes its next task from the file it then checks: the task a filter picks
# is the run's to tick off, so the check of that file is about the run
while grep -q '^- \[ \]' tasks.md; do
  task=$(grep -m1 '^- \[ \]' tasks.md)
  claude -p --dangerously-skip-permissions "Do this task and tick it off: $task"
done

# and one that stops, next time round, once the run's product is there
for _ in 1 2 3; do
  if [ -f report.md ]; then
    break
  fi
  claude -p "$(cat report_prompt.md)" || true
done
