#!/bin/bash
# Review loops whose run only plans, or runs in a read-only sandbox: it only answers, so
# asking again repeats no side effect.
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
