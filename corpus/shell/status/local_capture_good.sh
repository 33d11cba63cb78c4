#!/usr/bin/env bash
# Near misses: the declaration apart from the capture, so `$?` is the run's; and a
# capture whose output is examined for the run's verdict.
deploy() {
    local result
    result=$(claude -p "Deploy the edge function") || return 1
    echo "$result"
}
collect() {
    local listing=$(claude -p --output-format json "List the workflows")
    if ! jq -e '.result' <<< "$listing" >/dev/null; then
        echo "no workflows" >&2
        return 1
    fi
}
deploy || exit 1
collect
