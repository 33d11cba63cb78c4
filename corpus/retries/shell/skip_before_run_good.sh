#!/usr/bin/env bash
# The same driver as a schedule: a failed `git pull` skips the iteration before the
# agent runs, and after the run a failure is logged and the iteration goes on to the
# same commit and pause a success does: the agent runs again whatever its status.
LOG=agent.log
while true; do
  git pull --ff-only origin main >> "$LOG" 2>&1 || { sleep 5; continue; }
  set +e
  timeout 3600 opencode run "Continue the IN_PROGRESS task in Plan.md" 2>&1 | tee -a "$LOG"
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" -ne 0 ]; then
    echo "opencode exited $rc" >&2
  fi
  git add -A && git commit -qm "agent: cycle" && git push origin main
  sleep 600
done
