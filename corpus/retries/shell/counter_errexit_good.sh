#!/usr/bin/env bash
# A retry loop that errexit ends on its first failure: `((attempt++))` evaluates to the
# counter's old value, 0 on the first turn, and `((0))` fails, so `set -e` ends the
# script before the run can go round again. No respawn (the script's own bug, not RA302).
set -euo pipefail
MAX_RETRIES=2

ask() {
  local attempt=0
  while [[ $attempt -le $MAX_RETRIES ]]; do
    if out=$(claude -p --output-format text < prompt.md 2>/dev/null); then
      echo "$out"
      return 0
    fi
    echo "claude failed (attempt $attempt)" >&2
    ((attempt++))
  done
  return 1
}

ask

# The run is the loop's condition: its first failure enters the body, where `((n++))`
# at 0 ends the script.
n=0
until claude -p "Fix the lint errors" < prompt.md; do
  ((n++))
  sleep 5
done
