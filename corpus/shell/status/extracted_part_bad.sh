#!/usr/bin/env bash
# RA203: `pick` prints a part of the run's JSON (jq with a fallback to the whole file),
# and the script only shows what it gets: nothing examines the run, and the `wait`
# that names both jobs returns the status of the last one only.
pick() {
    local file="$1" field="$2"
    cat "$file" 2>/dev/null | grep -o '{.*}' | jq -r ".$field // empty" 2>/dev/null || cat "$file"  # expect: RA102(info)
}

codex exec "Design the schema for: $1" >design.json 2>/dev/null &  # expect: RA203(warning)
first=$!
gemini -p "List the security risks of: $1" >risks.json 2>/dev/null &
second=$!
wait "$first" "$second" || exit 1

summary=$(pick design.json summary)
echo "design: $summary"
echo "risks: $(pick risks.json summary)"
