#!/usr/bin/env bash
# Near miss for RA203: the function reads the agent's status itself and ends
# the script on an interrupt with `exit "$rc"`; an `exit` never returns to the
# caller, and the function's own status is its last command's, not the agent's.

review() {
  claude -p "Review the last batch" 2>&1 | tee review.log
  local rc=${PIPESTATUS[0]}
  if (( rc == 130 || rc == 143 )); then
    exit "$rc"
  fi
  echo "review done: $(git log -1 --oneline)"
}

i=0
while (( i < 20 )); do
  i=$((i + 1))
  claude -p "Work on the next task" > run.log 2>&1 || true
  if grep -q LOOP-DONE run.log; then
    review
    break
  fi
  review
done
review
echo "stopped after $i iterations"
