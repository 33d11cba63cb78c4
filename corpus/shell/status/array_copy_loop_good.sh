#!/usr/bin/env bash
# Near misses: the same copies whose runs give their status to the script, and
# a loop that copies an array of file names (it runs no agent).
set -e
BASE=(codex exec --full-auto)
AGENT=()
for arg in "${BASE[@]}"; do
    case "$arg" in
        --full-auto) AGENT+=(--dangerously-bypass-approvals-and-sandbox) ;;
        *) AGENT+=("$arg") ;;
    esac
done
FILES=()
for file in README.md CHANGELOG.md; do FILES+=("$file"); done

if ! "${AGENT[@]}" "Pick the next task from TODO.md"; then
    echo "agent failed" >&2
    exit 1
fi
for reviewer in claude gemini; do
    $reviewer -p "Review the last commit" > "review-$reviewer.md"
done
printf "%s\n" "${FILES[@]}" > reviewed.txt
