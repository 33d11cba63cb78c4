#!/usr/bin/env bash
# RA302: the inner loop only tries again while the CLI is missing (exit 127:
# it never started), but the loop around it runs the whole inner loop again
# when the log shows the API failed, and that run did work before it failed.
attempt=0
while :; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  while :; do
    claude -p "Reply to the new comments" --dangerously-skip-permissions | tee -a side.log
    rc=${PIPESTATUS[0]}
    if [ "$rc" -ne 127 ]; then
      break
    fi
    sleep 5
  done
  if grep -q "API Error" side.log && [ "$attempt" -le 2 ]; then
    sleep 30
    continue
  fi
  break
done
