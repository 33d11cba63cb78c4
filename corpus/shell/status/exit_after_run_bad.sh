#!/usr/bin/env bash
# RA203: the final run's output goes to the log and the script exits right after it; the
# check of what a run must write is in another arm, which this run never reaches.
LOG_FILE=${LOG_FILE:-review.log}

round=1
while [[ $round -le 5 ]]; do
  ./run-loop.sh --stop-at-checkpoints
  case $? in
    0)
      claude -p "Write REVIEW.md with the verdict on its first line" >> "$LOG_FILE" 2>&1  # expect: RA203(warning)
      echo "final review written to REVIEW.md"
      exit 0
      ;;
    4)
      claude -p "Write REVIEW.md with the verdict on its first line" >> "$LOG_FILE" 2>&1
      if [[ ! -f REVIEW.md ]]; then
        echo "no review written" >&2
        exit 5
      fi
      ;;
  esac
  round=$((round + 1))
done
