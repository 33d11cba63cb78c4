#!/usr/bin/env bash
# Near misses: the loop reads its input from a process substitution, so it runs in the
# script's shell and the `wait`s after it wait for its jobs (each pid kept); the
# pipeline's own stage waits for the jobs it started, and carries their statuses out.
set -o pipefail
MAX_PARALLEL=4

while read -r instructions; do
    while [ "$(jobs -p | wc -l)" -ge "$MAX_PARALLEL" ]; do
        sleep 1
    done
    claude -p "Implement the project described in $instructions" &
    started+=($!)
done < <(find ./projects -name "INSTRUCTIONS.md")
for pid in "${started[@]}"; do
    wait "$pid" || exit 1
done
echo "all projects implemented"

find ./docs -name "*.md" | {
    failed=0
    pids=()
    while read -r page; do
        codex exec "Proofread $page" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || failed=1
    done
    exit "$failed"
} || echo "a proofreading run failed" >&2
