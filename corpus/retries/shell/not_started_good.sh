#!/usr/bin/env bash
# Near miss: the loop goes round only on bash's own 127 (the CLI not found,
# mid-reinstall) or 126 (not executable): the agent never started, so running
# it again repeats nothing. Every other status leaves the loop.
attempt=0
while :; do
  claude -p "Reply to the new messages" --dangerously-skip-permissions > run.log 2>&1
  rc=$?
  if [ "$rc" -ne 127 ] && [ "$rc" -ne 126 ]; then
    break
  fi
  attempt=$((attempt + 1))
  if [ "$attempt" -ge 3 ]; then
    break
  fi
  sleep 5
done
exit "$rc"
