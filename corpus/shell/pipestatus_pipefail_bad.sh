#!/bin/bash
# pipefail is on, but the script reads `PIPESTATUS` instead of the pipeline's status,
# at `cat`'s index: claude's status (index 1) is never read.
set -uo pipefail

while true; do
  cat "$PROMPT_FILE" | claude -p --dangerously-skip-permissions 2>&1 | tee -a "$LOG_FILE"  # expect: RA101(error)
  CLAUDE_EXIT=${PIPESTATUS[0]}
  if [ "$CLAUDE_EXIT" -ne 0 ]; then
    echo "claude exited with $CLAUDE_EXIT"
  fi
  sleep 1800
done
