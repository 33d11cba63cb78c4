#!/usr/bin/env bash
# An endless driver: a failed `git pull` skips the iteration before the agent runs
# (that `continue` tells nothing of how a run ends); after the run, any failure goes
# round at once, skipping the commit a success goes on to: a blanket respawn.
LOG=agent.log
while true; do  # expect: RA302(warning)
  git pull --ff-only origin main >> "$LOG" 2>&1 || { sleep 5; continue; }
  set +e
  timeout 3600 opencode run "Continue the IN_PROGRESS task in Plan.md" 2>&1 | tee -a "$LOG"
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" -ne 0 ]; then
    echo "opencode exited $rc, retrying" >&2
    sleep 10
    continue
  fi
  git add -A && git commit -qm "agent: cycle" && git push origin main
done
