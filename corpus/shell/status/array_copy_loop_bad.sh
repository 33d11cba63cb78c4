#!/usr/bin/env bash
# Arrays copied element by element in a loop hold what the loop puts in them,
# also where it rewrites some elements (a `case` or test on each one): the
# copy runs the same agent, and a loop over agent names runs each of them.
BASE=(codex exec --full-auto --model "${MODEL:-o3}")
AGENT=()
for arg in "${BASE[@]}"; do
    case "$arg" in
        --full-auto) AGENT+=(--dangerously-bypass-approvals-and-sandbox) ;;
        *) AGENT+=("$arg") ;;
    esac
done
COPY=()
for word in "${AGENT[@]}"; do
    if [[ "$word" == --model* ]]; then COPY+=(--model); else COPY+=("$word"); fi
done

while true; do
    "${COPY[@]}" "Pick the next task from TODO.md"  # expect: RA203(warning)
    sleep 60
done &

for reviewer in claude gemini; do
    $reviewer -p "Review the last commit" | tee -a review.log  # expect: RA203(warning)
done
