#!/usr/bin/env bash
# Near miss: the final run's file is checked before the script exits.
LOG_FILE=${LOG_FILE:-review.log}

claude -p "Write REVIEW.md with the verdict on its first line" >> "$LOG_FILE" 2>&1
if [[ ! -f REVIEW.md ]]; then
  echo "no review written" >&2
  exit 5
fi
echo "final review written to REVIEW.md"
exit 0
