#!/bin/bash
# RA302: a poll loop over an inbox. Each round walks the requests, skips those marked
# done, and marks one only after its run succeeds: a failed run `continue`s past the
# mark, so the next round runs the same request again, every 5 seconds, for ever.
INBOX=requests
DONE=.done

is_done() { [ -e "$DONE/$(basename "$1")" ]; }
mark_done() { touch "$DONE/$(basename "$1")"; }

while true; do  # expect: RA302(warning)
    for request in "$INBOX"/*.md; do
        [ -f "$request" ] || continue
        is_done "$request" && continue
        reply=$(claude -p "Handle the request in $request" --output-format json) || {
            echo "claude failed on $request" >&2
            continue
        }
        printf '%s\n' "$reply" > "$request.reply"
        mark_done "$request"
    done
    sleep 5
done &

# ...also when the mark moves the item out of the folder the loop walks.
while :; do  # expect: RA302(warning)
    for task in queue/*.task; do
        [ -e "$task.lock" ] && continue
        if ! codex exec "Do the task in $task"; then
            continue
        fi
        mv "$task" finished/
    done
    sleep 30
done &

# ...and when the done items are a list the loop appends to, or the mark moves the item
# away with no test before the run.
while true; do  # expect: RA302(warning)
    for job in inbox/*.job; do
        grep -qxF "$job" processed.txt && continue
        gemini -p "Handle the job in $job" || continue
        echo "$job" >> processed.txt
    done
    sleep 5
done &
while true; do  # expect: RA302(warning)
    for ticket in tickets/*.md; do
        aider --yes --message "Resolve the ticket in $ticket" || continue
        mv "$ticket" resolved/
    done
    sleep 60
done
