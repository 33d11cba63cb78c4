#!/bin/bash
# Near misses: poll loops over an inbox that mark a request however its run ends (a
# failed one is recorded and not run again), or that skip nothing marked done (each
# round is new work, the request file itself is removed first).
INBOX=requests
DONE=.done

is_done() { [ -e "$DONE/$(basename "$1")" ]; }
mark_done() { touch "$DONE/$(basename "$1")"; }

while true; do
    for request in "$INBOX"/*.md; do
        is_done "$request" && continue
        if ! claude -p "Handle the request in $request" > "$request.reply"; then
            echo "claude failed on $request" >> failures.log
        fi
        mark_done "$request"
    done
    sleep 5
done &

while :; do
    for task in queue/*.task; do
        [ -f "$task" ] || continue
        body=$(cat "$task")
        rm -f "$task"
        codex exec "Do this task: $body" || continue
        echo "done: $task" >> finished.log
    done
    sleep 30
done

# A failed run's item is marked too (moved aside, or marked failed): not run again.
while true; do
    for job in inbox/*.job; do
        [ -e "$job.done" ] && continue
        if ! gemini -p "Handle the job in $job"; then
            mv "$job" failed/
            continue
        fi
        touch "$job.done"
    done
    sleep 5
done &
while true; do
    for ticket in tickets/*.md; do
        [ -e "$ticket.done" ] || [ -e "$ticket.failed" ] && continue
        aider --yes --message "Resolve the ticket in $ticket" || { touch "$ticket.failed"; continue; }
        touch "$ticket.done"
    done
    sleep 60
done
