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

# A function that keeps its agent's output to itself (sent to a file it reads back,
# or away) prints nothing of it: a caller that drops its status and returns has
# nothing of the run to examine, whatever its callers' loop tests later.
invoke_agent() {
    claude -p "$1" --output-format json > "$TRANSCRIPT" 2>&1
    local rc=$?
    jq -r '.result // empty' "$TRANSCRIPT" >&2 || true
    return "$rc"
}

commit_step() {
    if [[ -n "$CHANGES" ]]; then
        invoke_agent "$(cat commit_prompt.md)" || true  # expect: RA203(warning)
        return 0
    fi
    grep -q "nothing to commit" "$STATUS_FILE"
}

while read -r task; do
    commit_step "$task"
    jq -e '.done' "$STATE_FILE" >/dev/null && break
done < tasks.txt

# The same file printed to standard error: the caller captures nothing of the run.
last_message() {
    local out
    out="$(mktemp)"
    codex exec --full-auto --output-last-message "$out" "$1" >/dev/null  # expect: RA203(warning)
    cat "$out" >&2
    rm -f "$out"
}
reply=$(last_message "Finish the next task")
[[ "$reply" == *"<promise>COMPLETE</promise>"* ]] && echo "complete"
