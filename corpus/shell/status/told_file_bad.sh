#!/bin/bash
# The prompt names a file, but nothing examines it: a permanent failure (expired
# credentials) spins the loop, each run failing unseen.
PLAN_FILE="plan.md"
NOTES="notes.txt"

for i in $(seq 1 20); do
    cat <<PROMPT | claude -p --dangerously-skip-permissions  # expect: RA203
Complete the next unchecked step in $PLAN_FILE.
PROMPT
    echo "iteration $i done" >>"$NOTES"
done
