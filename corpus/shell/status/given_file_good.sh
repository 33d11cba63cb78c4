#!/usr/bin/env bash
# Near misses: the helper the file is given greps it (bound as `${1:?…}` too), tests a
# copy of it, or picks its errors out for the next prompt; or the printed copy is tested
# by the caller, or the trimmed text is checked before the next prompt.
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

done_marker() {
    local log="${1:?need a log}"
    grep -q "DONE" "$log"
}

is_done() {
    local content
    content=$(cat "$1")
    [[ "$content" == *DONE* ]]
}

extract_errors() {
    grep -E 'ERROR|FAIL' "$1"
}

claude -p "Write the migration; print DONE at the end" > "$work/migrate.txt" 2>&1 || true
if ! done_marker "$work/migrate.txt"; then
    exit 1
fi

claude -p "Fix the flaky test; print DONE when it passes" > "$work/flaky.txt" 2>&1 || true
is_done "$work/flaky.txt" || exit 1

diagnosis=$(claude -p "Diagnose the failures in $work/build.log in three lines") || true
if [[ -n "$diagnosis" ]]; then
    echo "$diagnosis"
else
    echo "no diagnosis; raw log follows"
    echo "see $work/build.log"
fi

codex exec "Run the build and fix it" > "$work/build.log" 2>&1 || true
gemini -p "Explain these failures: $(extract_errors "$work/build.log")" > EXPLAIN.md
