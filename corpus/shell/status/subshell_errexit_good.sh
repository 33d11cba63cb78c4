#!/usr/bin/env bash
# Near misses: the subshell's job is waited for by its pid and the status read, and a
# subshell in the foreground hands its status to the script's own errexit.
set -e
pids=()
while IFS= read -r task; do
    (
        timeout 300 opencode run "$task" >"out/$task.md" 2>&1
        echo "done: $task"
    ) &
    pids+=($!)
done <tasks.txt
for pid in "${pids[@]}"; do
    wait "$pid" || exit 1
done

(
    cd docs
    claude -p "Proofread the docs"
    echo "proofread"
)
echo "all done"
