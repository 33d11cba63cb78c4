#!/usr/bin/env bash
# The same runs with counters that never end the script: the background runs' statuses
# are lost to the bare `wait`, and the pipeline without pipefail loses claude's.
set -eu

task=0
for dir in services/*/; do
    task=$((task + 1))
    (
        timeout 300 opencode run "Review $dir for dead code" > "review-$task.md" 2>&1  # expect: RA203(warning)
        echo "[$task] done"
    ) &
done
wait

n=0
for file in docs/*.md; do
    ((n++)) || true
    claude -p "Proofread $file" | tee -a proofread.log  # expect: RA101(error)
done
