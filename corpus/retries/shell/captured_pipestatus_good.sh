#!/usr/bin/env bash
# Near miss: the captured run's status, read as `${PIPESTATUS[0]}` after the assignment, ends
# the script on failure; nothing runs the agent again.
set -euo pipefail
set +e
OUTPUT=$(codex exec --full-auto - < PROMPT.md 2>&1 | tee /dev/stderr)
STATUS=${PIPESTATUS[0]}
set -e
if [ "$STATUS" -ne 0 ]; then
  echo "codex failed with $STATUS" >&2
  exit "$STATUS"
fi
echo "$OUTPUT" > last-run.txt
