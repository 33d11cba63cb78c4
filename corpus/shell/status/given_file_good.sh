#!/usr/bin/env bash
# Near misses: the helper the file is given greps it, or the printed copy is tested by
# the caller, or the trimmed text is checked before the next prompt.
set -uo pipefail
work=$(mktemp -d)

finished() {
    local log="$1"
    grep -q "ALL TASKS DONE" "$log"
}

last_lines() {
    local file="$1"
    tail -n "${2:-40}" "$file"
}

run_phase() {
    local prompt="$1"
    local out="$2"
    claude -p "$prompt" > "$out" 2>&1 || true
    cat "$out"
}

for turn in 1 2 3; do
    run_phase "Implement the next item of PLAN.md" "$work/build.txt"
    if finished "$work/build.txt"; then
        break
    fi
done

verdict=$(run_phase "Review the last commit; answer APPROVE or REJECT" "$work/review.txt")
if [[ "$verdict" != *APPROVE* ]]; then
    exit 1
fi

codex exec "Summarise the changes" > "$work/summary.txt" || true
tail_text=$(last_lines "$work/summary.txt" 20)
if [[ -z "$tail_text" ]]; then
    echo "no summary" >&2
    exit 1
fi
