#!/bin/bash
# RA203: a function that runs the agent and ends with `return 0` whatever it exited
# with, while its caller tests the function's status: the failure branch the caller
# wrote never runs, and nothing else reads the agent's status.
set -e

run_iteration() {
    local log_file="logs/$1.jsonl"
    cat "$2" | claude -p --output-format stream-json 2>&1 | tee -a "$log_file"  # expect: RA203(warning)
    return 0
}

review_changes() {
    codex exec --full-auto "Review the diff" > review.md  # expect: RA203(warning)
    echo "review written to review.md"
    return 0
}

iteration=0
while [[ $iteration -lt 10 ]]; do
    if ! run_iteration "plan" "PROMPT.md"; then
        echo "iteration failed" >&2
        iteration=$((iteration + 1))
        continue
    fi
    if grep -q "COMPLETE" plan.md; then
        break
    fi
    iteration=$((iteration + 1))
done

review_changes || echo "the review failed" >&2
