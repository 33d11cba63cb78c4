#!/usr/bin/env bash
# A job belongs to the shell that started it: the agents started in a stage of a
# pipeline (a subshell) are no jobs of the script's shell, so its `wait` returns at once
# and nothing waits for them; a `wait` in a subshell waits for none of the script's jobs.
MAX_PARALLEL=4

find ./projects -name "INSTRUCTIONS.md" | while read -r instructions; do
    while [ "$(jobs -p | wc -l)" -ge "$MAX_PARALLEL" ]; do
        sleep 1
    done
    claude -p "Implement the project described in $instructions" &  # expect: RA203(warning)
done
wait
echo "all projects implemented"

gemini -p "Summarise the changes" > summary.md &  # expect: RA203(warning)
( wait )
echo "summary written"
