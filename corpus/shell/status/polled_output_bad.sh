#!/usr/bin/env bash
# A watchdog polls the background run's pid and reads its output file's age while it runs:
# that races the run and judges nothing of how it ended. The `wait` after the loop returns
# the run's status, and nothing reads it (RA203); its near miss, below, examines the
# output once the run has ended.
OUT=review.json

codex exec -s workspace-write --json "Review the last commit" > "$OUT" 2>&1 &  # expect: RA203(warning)
PID=$!
while kill -0 "$PID" 2>/dev/null; do
  sleep 20
  age=$(( $(date +%s) - $(stat -c %Y "$OUT") ))
  if [ "$age" -ge 600 ]; then
    kill "$PID"
    exit 42
  fi
done
wait "$PID"
echo "review finished"

codex exec -s workspace-write --json "Apply the review in review.json" > fixes.json 2>&1 &
FIX_PID=$!
while kill -0 "$FIX_PID" 2>/dev/null; do
  sleep 20
  [ -s fixes.json ] && echo "still writing"
done
wait "$FIX_PID"
if ! grep -q '"type":"turn.completed"' fixes.json; then
  echo "the fix run did not complete" >&2
  exit 1
fi
