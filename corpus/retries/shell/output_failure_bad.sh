#!/usr/bin/env bash
# A loop that judges the run by its output re-runs it when the output says it failed.
set -uo pipefail

LOG=run.log

# The stream-json result says `"is_error":true` whenever the CLI itself failed.
while true; do  # expect: RA302(warning)
    claude -p "Implement the next task in TODO.md" --output-format stream-json \
        | tee "$LOG" || true
    if grep -q '"is_error":true' "$LOG"; then
        sleep 60
        continue
    fi
    break
done

# The same test through a function of the script, given the log.
has_error() {
    grep -q '"is_error":true' "$1"
}

run_agent() {
    local log="$1"
    while true; do  # expect: RA302(warning)
        codex exec --full-auto "Fix the failing tests" > "$log" 2>&1 || true
        if has_error "$log"; then
            echo "retrying"
            continue
        fi
        break
    done
}

run_agent codex.log

# Captured JSON output tested for the error flag, a few attempts.
for attempt in 1 2 3; do  # expect: RA302(warning)
    out=$(claude -p "Update the changelog" --output-format json 2>&1) || true
    if echo "$out" | jq -e '.is_error == true' > /dev/null; then
        sleep $((attempt * 30))
        continue
    fi
    break
done
