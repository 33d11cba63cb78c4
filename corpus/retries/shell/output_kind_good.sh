#!/usr/bin/env bash
# Near misses: the same tests decide nothing about another attempt, a loop that goes
# round only on a rate-limit marker resumes its named session, and a loop that works
# through a queue runs the next item whatever the run printed.
set -uo pipefail

output=$(claude -p "Implement the next issue" 2>&1 || true)
if echo "$output" | grep -q "Error: No messages returned"; then
    echo "claude answered nothing" >&2
    exit 1
fi

for attempt in 1 2 3; do
    output=$(claude -p --resume nightly "Continue the refactor" 2>&1 || true)
    if echo "$output" | grep -qi "rate limit"; then
        sleep 300
        continue
    fi
    break
done

while read -r issue; do
    output=$(codex exec "Fix issue $issue" 2>&1 || true)
    if echo "$output" | grep -qiE "ECONNRESET|request timed out"; then
        echo "issue $issue: network error" >> failures.log
        continue
    fi
    echo "issue $issue done" >> done.log
done < issues.txt
