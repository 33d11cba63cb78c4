#!/bin/bash
# The prompt tells the agent to create an absolute path when the plan is done, and
# the loop stops when that file exists: the run is judged by its output (no RA203).
# A failed run makes no such file, so the endless loop re-runs it until one succeeds
# (RA302).
rm -f /tmp/plan_complete

while true; do  # expect: RA302(warning)
    claude -p "Work on the next task of .claude/plan.md. When every task is done, create the file '/tmp/plan_complete' and stop." \
        --output-format stream-json | while IFS= read -r line; do
        echo "$line"
    done
    if [ -f /tmp/plan_complete ]; then
        break
    fi
    sleep 5
done
