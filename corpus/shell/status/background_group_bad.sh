#!/usr/bin/env bash
# Agents run in background groups, their pids kept as the keys of an
# associative array and waited in loops over its keys: under errexit each
# `wait "$pid"` of a failed agent ends the script, so every `$?` read after it
# only sees success (RA204), also the read in the throttling loop above the
# start, which runs in the next round.
set -e

declare -A RUNNING
declare -A STATUS
for task in lint docs tests; do
    while [[ ${#RUNNING[@]} -ge 2 ]]; do
        for pid in "${!RUNNING[@]}"; do
            if ! kill -0 "$pid" 2>/dev/null; then
                wait "$pid"
                STATUS[${RUNNING[$pid]}]=$?  # expect: RA204(error)
                unset "RUNNING[$pid]"
            fi
        done
        sleep 1
    done
    (
        claude -p "Fix the $task failures" > "$task.log" 2>&1
    ) &
    RUNNING[$!]=$task
done

for pid in "${!RUNNING[@]}"; do
    wait "$pid"
    STATUS[${RUNNING[$pid]}]=$?  # expect: RA204(error)
done
for task in "${!STATUS[@]}"; do echo "$task: ${STATUS[$task]}"; done
