#!/usr/bin/env bash
# `local out=$(agent …)` returns the status of `local` (0), not the run's: a `$?` read
# after it, or nothing at all, never sees the agent fail. The message names `local`.
deploy() {
    local result=$(claude -p "Deploy the edge function")  # expect: RA203(warning)
    if [ $? -eq 0 ]; then
        echo "deployed"
    fi
}
collect() {
    local listing=$(claude -p "List the workflows")  # expect: RA203(warning)
    echo "$listing" > workflows.json
}
deploy
collect
