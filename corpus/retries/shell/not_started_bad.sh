#!/usr/bin/env bash
# RA302: the loop goes round on exit 127 (the CLI missing while it is being
# reinstalled) and on any other failure: the other failures are runs that
# did work, started over.
while :; do  # expect: RA302(warning)
  claude -p "Reply to the new messages" --dangerously-skip-permissions > run.log 2>&1
  rc=$?
  if [ "$rc" -eq 0 ]; then
    break
  fi
  sleep 10
done
