#!/bin/bash
# Under errexit and pipefail a failed claude ends the script: reading another stage's
# PIPESTATUS entry afterwards loses nothing of claude's (no RA101), but that read only
# ever sees success (RA204).
set -euo pipefail

cat "$PROMPT_FILE" | claude -p --dangerously-skip-permissions 2>&1 | tee -a "$LOG_FILE"
reader_status=${PIPESTATUS[0]}  # expect: RA204(error)
echo "prompt reader exited $reader_status"
