#!/usr/bin/env bash
# Near miss: the same inner loop (it tries again only while the CLI is
# missing), inside a loop over the tasks: the outer loop takes the next task
# whatever the run did, so nothing runs a failed run's work again.
for task in tasks/*.md; do
  while :; do
    claude -p "$(cat "$task")" --dangerously-skip-permissions | tee -a side.log
    rc=${PIPESTATUS[0]}
    if [ "$rc" -ne 127 ]; then
      break
    fi
    sleep 5
  done
  if grep -q "API Error" side.log; then
    echo "task $task failed" >&2
  fi
done
