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

# The agent's stage read after the `fi` with a default ends the script on failure.
set +e
if command -v timeout > /dev/null; then
  timeout 900 gemini --yolo --prompt "$(cat PROMPT.md)" 2>&1 | tee -a run.log
else
  gemini --yolo --prompt "$(cat PROMPT.md)" 2>&1 | tee -a run.log
fi
status=${PIPESTATUS[0]:-0}
set -e
if (( status != 0 )); then
  exit "$status"
fi
