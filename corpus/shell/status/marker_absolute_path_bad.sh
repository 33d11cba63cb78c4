#!/bin/bash
# The prompt names an absolute path the agent must create, but nothing ever looks at
# it: the loop shows the output and runs the agent again whatever happened.
while true; do
    # expect-next-line: RA203(warning)
    claude -p "Work on the next task of .claude/plan.md. When every task is done, create the file '/tmp/plan_complete'." \
        --output-format stream-json | while IFS= read -r line; do
        echo "$line"
    done
    sleep 5
done
