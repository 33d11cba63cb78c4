#!/usr/bin/env bash
# `pick` prints a part of the run's JSON, and the script tests what it gets: the run
# is judged by its output, as the status of each job is by its own `wait`.
pick() {
    local file="$1" field="$2"
    cat "$file" 2>/dev/null | grep -o '{.*}' | jq -r ".$field // empty" 2>/dev/null || cat "$file"  # expect: RA102(info)
}

codex exec "Design the schema for: $1" >design.json 2>/dev/null &
first=$!
gemini -p "List the security risks of: $1" >risks.json 2>/dev/null &
second=$!
wait "$second" || exit 1

status=$(pick design.json status)
if [[ "$status" != "success" ]]; then
    echo "the design run failed" >&2
    exit 1
fi
echo "risks: $(pick risks.json summary)"
wait "$first"
