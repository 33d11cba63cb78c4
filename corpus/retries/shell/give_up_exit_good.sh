#!/usr/bin/env bash
# A Ralph loop that skips an iteration whose run failed and goes on after a
# success too; the only way out on success is `exit 1` when progress stalls:
# the script giving up, not a success that ends the loop. A schedule, not a retry.
set -uo pipefail
run_agent() {
  claude -p "Pick the next task from PRD.md and do it" --allowedTools "Edit,Write,Bash" | tee "logs/run-$1.log"
  return "${PIPESTATUS[0]}"
}

stalls=0
for i in $(seq 1 "${MAX:-20}"); do
  before=$(grep -c '^\[DONE\]' progress.txt 2>/dev/null || true)
  if ! run_agent "$i"; then
    echo "iteration $i failed; skipping" >&2
    continue
  fi
  after=$(grep -c '^\[DONE\]' progress.txt 2>/dev/null || true)
  if [ "$after" -le "$before" ]; then
    stalls=$((stalls + 1))
    if [ "$stalls" -ge 3 ]; then
      echo "no progress in 3 iterations" >&2
      exit 1
    fi
  else
    stalls=0
  fi
  git add -A && git commit -qm "ralph: iteration $i"
done
