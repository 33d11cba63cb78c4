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
# ...also where the output is examined too: the `$?` read takes `local`'s 0 for the run's.
review() {
    local verdict=$(claude -p --output-format json "Review the migration")  # expect: RA203(warning)
    if [ $? -ne 0 ]; then
        echo "review failed" >&2
        return 1
    fi
    jq -r '.result' <<< "$verdict"
}
deploy
collect
review
