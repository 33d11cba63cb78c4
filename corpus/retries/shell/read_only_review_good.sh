#!/bin/bash
# A review loop whose run has no tools at all (`--tools ""`) or only plans: it only
# answers, so asking again repeats no side effect.
prompt_file=$1
attempt=0
while [ "$attempt" -lt 3 ]; do
  attempt=$((attempt + 1))
  if claude --print --tools "" --output-format text < "$prompt_file" > review.txt; then
    break
  fi
  sleep 2
done

for attempt in 1 2 3; do
  if claude -p --permission-mode plan "review the diff" > plan.txt; then
    break
  fi
done

for attempt in 1 2 3; do
  if codex exec --sandbox read-only "summarise the failures" > summary.txt; then
    break
  fi
done
