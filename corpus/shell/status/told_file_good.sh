#!/bin/bash
# The agent is told to tick the steps off in the plan file; the loop reads the plan file
# to judge each run (a file the run must produce), so the run's status is not lost.
PLAN_FILE="plan.md"

for i in $(seq 1 20); do
    if ! grep -q '\[ \]' "$PLAN_FILE"; then
        echo "all steps done"
        break
    fi
    cat <<PROMPT | claude -p --dangerously-skip-permissions
Complete the next unchecked step in $PLAN_FILE, then tick it off there.
PROMPT
done

for i in $(seq 1 20); do
    grep -q DONE progress.txt && break
    codex exec "Work on the task, and write DONE to progress.txt when it is finished."
done
