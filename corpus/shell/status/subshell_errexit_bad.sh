#!/usr/bin/env bash
# Under errexit a failed run ends the subshell it runs in with the run's status: a job
# of that subshell then carries it, and a bare `wait`, or no `wait`, loses it.
set -e
while IFS= read -r task; do
    (
        timeout 300 opencode run "$task" >"out/$task.md" 2>&1  # expect: RA203(warning)
        echo "done: $task"
    ) &
done <tasks.txt
wait
echo "all tasks completed"

(
    cd docs
    claude -p "Proofread the docs"  # expect: RA203(warning)
    echo "proofread"
) &
echo "started"
