#!/bin/bash
# Near misses of an unreadable prompt's marker file: a file test that guards
# the run is about its input, a check outside the run's loop is about
# something else, and a literal prompt that names no file is told to write none.
PROMPT_DIR="${1:-prompts}"

for f in "$PROMPT_DIR"/*.md; do
    if [ -f "$f" ]; then
        claude -p "$(cat "$f")" | tee -a review.log  # expect: RA203(warning)
    fi
done

while :; do
    cat PROMPT.md | claude -p --dangerously-skip-permissions | tee -a agent.log  # expect: RA203(warning)
    sleep 10
done

until [ -f STOP ]; do
    gptme --non-interactive "Pick the next item and do it" >> gptme.log 2>&1  # expect: RA203(warning)
done

# A function that examines a file, called only before the loop: no check of any run.
notes_ready() {
    grep -q "READY" "$PROMPT_DIR/NOTES.md"
}

iterate() {
    cat "$PROMPT_DIR/next.md" | codex exec --full-auto - | tee -a codex.log  # expect: RA203(warning)
    return 0
}

if notes_ready; then
    while :; do
        iterate
        sleep 30
    done
fi
