#!/usr/bin/env bash
# Attempt loops left through a flag the success branch sets: the loop's own condition reads
# the word the flag holds, so a success leaves and every failure goes round again.
attempt=0
finished=false
while [ "$attempt" -lt 4 ] && [ "$finished" = false ]; do  # expect: RA302(warning)
    attempt=$((attempt + 1))
    gemini --yolo -p "Migrate the settings page to the new form kit" > migrate.log 2>&1
    rc=$?
    if [ "$rc" -eq 0 ]; then
        finished=true
    else
        echo "attempt $attempt failed with $rc" >&2
        sleep 10
    fi
done

state="pending"
while [[ "$state" != "done" ]]; do  # expect: RA302(warning)
    if claude -p "Write the release notes for $TAG" --dangerously-skip-permissions > notes.md; then
        state="done"
    else
        sleep 30
    fi
done
