#!/bin/bash
# The agent's output is its function's output, and the caller captures it and
# looks for the completion marker: each run is judged by its output, even
# where the function throws the status away.

run_turn() {
    local prompt="$1"
    if command -v timeout >/dev/null; then
        timeout 1800 claude -p "$prompt" --output-format text 2>&1 || return $?
    else
        claude -p "$prompt" --output-format text 2>&1 || true
    fi
}

for ((i = 1; i <= 20; i++)); do
    result=$(run_turn "Continue the plan, iteration $i")
    echo "$result"
    if [[ "$result" == *"<promise>COMPLETE</promise>"* ]]; then
        break
    fi
done

# The same caller shape, its function printing the agent's output: the caller's
# caller captures it and looks for the marker.
commit_turn() {
    claude -p "$1" --output-format text 2>&1
}

commit_step() {
    commit_turn "$(cat commit_prompt.md)" || true
    return 0
}

while read -r task; do
    summary=$(commit_step "$task")
    grep -q "COMMITTED" <<<"$summary" || echo "commit for $task not confirmed" >&2
done < tasks.txt

# The agent writes its last message to a file, which the function prints back: its
# output is the function's, and the caller examines it.
last_message() {
    local out
    out="$(mktemp)"
    codex exec --full-auto --output-last-message "$out" "$1" >/dev/null
    cat "$out"
    rm -f "$out"
}
reply=$(last_message "Finish the next task")
[[ "$reply" == *"<promise>COMPLETE</promise>"* ]] && echo "complete"

# Three functions deep, each dropping the status of the one it calls, and one that
# captures the run and echoes it back: every caller still prints the agent's output,
# and the loop examines it.
ask() { claude -p "$1" --output-format text || true; }
turn() { ask "$1" || true; }
step() { turn "$1" || true; }
captured() {
    local out rc
    out=$(claude -p "$1" --output-format text)
    rc=$?
    echo "$out"
    return "$rc"
}
for ((i = 1; i <= 5; i++)); do
    r=$(step "Continue, round $i")
    grep -q "DONE" <<<"$r" && break
    c=$(captured "Review round $i" || true)
    grep -q "APPROVED" <<<"$c" && break
done
