#!/usr/bin/env bash
# Near miss: the runs are judged by the plan file their prompt tells them to mark, read
# in a function of the script that runs where it is called: after the run, or at the
# top of the loop's next turn.
PLAN=IMPLEMENTATION_PLAN.md

plan_state() {
  if grep -q 'STATUS: COMPLETE' "$PLAN"; then
    echo COMPLETE
  else
    echo BUILDING
  fi
}

for ((i = 1; i <= 20; i++)); do
  state="$(plan_state)"
  if [ "$state" = "COMPLETE" ]; then
    break
  fi
  codex exec --full-auto "Read $PLAN, do the next task, and mark STATUS: COMPLETE in $PLAN when every task is done" || true
done

claude -p "Review $PLAN and mark STATUS: COMPLETE in it when the review passes" || true
echo "plan: $(plan_state)"
