#!/usr/bin/env bash
# A driver that retries the agent until it succeeds with a message: in the progress mode
# the run goes to the background and `wait "$pid"` hands its status back; the loop
# leaves only on status 0 with a non-empty message file, so every failure (an
# authentication error, a spent quota) re-runs the whole agent (RA302). An empty
# message is a failed run here, not a marker that the work is done.
set -euo pipefail
RETRIES=5
attempt=1
while [[ "$attempt" -le "$RETRIES" ]]; do  # expect: RA302(warning)
  : > msg.txt
  if [[ "${PROGRESS:-0}" -eq 1 ]]; then
    cat task.md | claude -p --dangerously-skip-permissions >msg.txt 2>run.log &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do sleep 10; done
    set +e
    wait "$pid"
    rc=$?
    set -e
  else
    set +e
    cat task.md | claude -p --dangerously-skip-permissions >msg.txt 2>run.log
    rc=$?
    set -e
  fi
  if [[ $rc -eq 0 && -s msg.txt ]]; then
    cat msg.txt
    exit 0
  fi
  sleep $((attempt * 2))
  attempt=$((attempt + 1))
done
exit 1

# The same with the presence asked by `test`: an empty message is still a failed run.
tries=0
until [[ $tries -ge 3 ]]; do  # expect: RA302(warning)
  set +e
  codex exec "update the changelog" >answer.md 2>>run.log
  rc=$?
  set -e
  if [[ $rc -eq 0 ]] && test -s answer.md; then
    break
  fi
  tries=$((tries + 1))
done
