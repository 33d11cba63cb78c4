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

# Near the first_turn_good.sh fallback loop, but the counter starts at 1: `((1))` holds,
# so errexit lets the loop go round, and it re-runs the agent whenever it fails.
set -e
ask_with_retries() {
    local attempts=1
    while [[ $attempts -le 3 ]]; do  # expect: RA302(warning)
        ((attempts++))
        if claude -p "$1" > answer.md; then
            return 0
        fi
        sleep 5
    done
    return 1
}
ask_with_retries "Summarise the open issues" || echo "no answer" >&2
