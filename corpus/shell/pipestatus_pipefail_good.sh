#!/bin/bash
# Near miss: pipefail is on and the script reads claude's own index, or the pipeline's
# status.
set -uo pipefail

while true; do
  cat "$PROMPT_FILE" | claude -p --dangerously-skip-permissions 2>&1 | tee -a "$LOG_FILE"
  CLAUDE_EXIT=${PIPESTATUS[1]}
  if [ "$CLAUDE_EXIT" -ne 0 ]; then
    echo "claude exited with $CLAUDE_EXIT"
  fi
  if ! cat "$PROMPT_FILE" | claude -p "review" 2>&1 | tee -a "$LOG_FILE"; then
    echo "review failed"
  fi
  sleep 1800
done
