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

# A counter raised before the run that starts at 1: `((1))` holds, so errexit lets the loop
# go round, and it re-runs the agent whenever it fails (see first_turn_good.sh for 0).
set -e
tries=1
while (( tries <= 3 )); do  # expect: RA302(warning)
    ((tries++))
    gemini -p "Summarise the open issues" > answer.md && break
done
