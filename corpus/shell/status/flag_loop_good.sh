#!/usr/bin/env bash
# The same flags, set whatever the run's status: the loop ends after one run either way, so
# nothing is re-run because it failed.
attempt=0
finished=false
while [ "$attempt" -lt 4 ] && [ "$finished" = false ]; do
    attempt=$((attempt + 1))
    gemini --yolo -p "Migrate the settings page to the new form kit" > migrate.log 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "attempt $attempt failed with $rc" >&2
    fi
    finished=true
done

state="pending"
while [[ "$state" != "done" ]]; do
    claude -p "Write the release notes for $TAG" --dangerously-skip-permissions > notes.md || echo "failed: $?" >&2
    state="done"
done

# A bounded loop whose flag is set on a marker in the agent's output, whatever its status:
# a Ralph loop, stopped by what the run wrote.
round=0
complete=false
while [ "$round" -lt 5 ] && [ "$complete" = false ]; do
    round=$((round + 1))
    claude -p "Work through PLAN.md" --permission-mode acceptEdits > round.log
    if grep -q "ALL TASKS COMPLETE" round.log; then complete=true; fi
done
