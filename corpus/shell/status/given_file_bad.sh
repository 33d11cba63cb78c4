#!/usr/bin/env bash
# A file given to a function is read where the function reads its parameter: a helper
# that only prints it (or trims it for the next prompt) shows it, it does not check it.
set -uo pipefail
work=$(mktemp -d)

# prints the last lines of the file it is given
last_lines() {
    local file="$1"
    local max="${2:-40}"
    local total
    total=$(wc -l < "$file" | tr -d ' ')
    if [[ "$total" -gt "$max" ]]; then
        echo "[... ${total} lines, last ${max} ...]"
        tail -n "$max" "$file"
    else
        cat "$file"
    fi
}

run_phase() {
    local prompt="$1"
    local out="$2"
    claude -p "$prompt" > "$out" 2>&1 || true  # expect: RA203(warning)
    cat "$out"
}

for turn in 1 2 3; do
    run_phase "Implement the next item of PLAN.md" "$work/build.txt"
    context=$(last_lines "$work/build.txt" 60)
    run_phase "Review what was just built: $context" "$work/review.txt"
    echo "turn $turn complete"
done

codex exec "Summarise the changes" > "$work/summary.txt" || true  # expect: RA203(warning)
gemini -p "Write release notes from: $(tail -n 20 "$work/summary.txt")" > NOTES.md
