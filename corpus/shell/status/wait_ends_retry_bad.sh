#!/usr/bin/env bash
# RA204, and no RA302: the retry loop around the background run can never go round
# after a failure, since errexit ends the script at its `wait` first (RA204's finding:
# the status read after the `wait` only ever sees success).
set -euo pipefail
attempt=0
while true; do
  claude -p "Fix the failing tests" --output-format json > out.json &
  pid=$!
  wait "$pid"
  status=$?  # expect: RA204(error)
  if [ "$status" -eq 0 ]; then
    break
  fi
  attempt=$((attempt + 1))
  if [ "$attempt" -ge 3 ]; then
    exit 1
  fi
  sleep 30
done
