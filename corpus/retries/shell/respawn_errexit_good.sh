#!/usr/bin/env bash
# Near misses for RA302: under errexit, an agent run outside any condition
# ends the script when it fails, so the loop never gets to run it again. The
# status reads that pretend otherwise are RA204's findings, not a respawn.
set -euo pipefail

TASK=${TASK:-"Work through TASKS.md"}

for attempt in 1 2 3; do
  timeout 1800 gptme --non-interactive "$TASK"
  rc=$?  # expect: RA204(error)
  if [ "$rc" -eq 0 ]; then
    break
  fi
  echo "attempt $attempt failed" >&2
done

run_agent() {
  claude -p "$1" </dev/null
}

n=0
while (( n < 5 )); do
  n=$(( n + 1 ))
  run_agent "$TASK"
  case $? in  # expect: RA204(error)
    0) break ;;
    *) sleep 60 ;;
  esac
done
