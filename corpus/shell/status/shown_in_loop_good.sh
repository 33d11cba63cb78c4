#!/usr/bin/env bash
# Near misses: a status a loop prints and also tests, one an item loop prints (each task
# is new work the loop leaves behind), and one the other arm of an `if` keeps on its own.
fails=0
while true; do
    codex exec --full-auto "Work on the next item in TODO.md"
    status=$?
    echo "--- codex exit status: $status ---"
    if [ "$status" -ne 0 ]; then
        fails=$((fails + 1))
        [ "$fails" -ge 3 ] && exit 1
    else
        fails=0
    fi
    sleep 600
done

while read -r task; do
    claude -p "Do this task: $task" --dangerously-skip-permissions
    rc=$?
    echo "$task: $rc" >> results.txt
done < tasks.txt

while :; do
    if [ -f .quiet ]; then
        gemini -p "Summarise today's commits" > summary.md
        code=$?
        echo "gemini: $code"
    else
        gemini -p "Summarise today's commits" | tee summary.md
        code=${PIPESTATUS[0]}
    fi
    [ "$code" -eq 0 ] || exit "$code"
    sleep 3600
done

# An arithmetic test reads the status without a `$`, and a caller reads the global a
# function's loop keeps it in.
while true; do
    aider --yes --message "Tidy one module" > aider.log 2>&1
    rc=$?
    echo "aider: $rc"
    (( rc != 0 )) && exit 1
    sleep 900
done

watch_queue() {
    until [ -f .stop ]; do
        opencode run "Handle the next queued request" > queue.log 2>&1
        last=$?
        echo "opencode: $last"
        [ -s queue.log ] || break
    done
}
watch_queue
exit "$last"
