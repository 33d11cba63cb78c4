#!/bin/bash
# Near misses: the caller only shows the function's output, or the function
# sends the agent's output to a file no one examines, so the status is lost.

show_turn() {
    claude -p "$1" --output-format text 2>&1 || true  # expect: RA203(warning)
}

log_turn() {
    codex exec "$1" > codex.log 2>&1 || true  # expect: RA203(warning)
}

for ((i = 1; i <= 20; i++)); do
    result=$(show_turn "Continue the plan, iteration $i")
    echo "$result"
    log_turn "Review iteration $i"
    out=$(log_turn "Summarize iteration $i")
    grep -q DONE <<<"$out" && break
done
