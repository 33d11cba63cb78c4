#!/usr/bin/env bash
# Near misses: the same background groups waited in a condition, or with
# `|| rc=$?`, so a failed agent's status reaches the report; and a group whose
# last command is not the agent (`; echo done`) returns `echo`'s status, which
# waiting for it does not make the agent's.
set -e

declare -A RUNNING
declare -A STATUS
for task in lint docs; do
    ( claude -p "Fix the $task failures" > "$task.log" 2>&1 ) &
    RUNNING[$!]=$task
done
for pid in "${!RUNNING[@]}"; do
    rc=0
    wait "$pid" || rc=$?
    STATUS[${RUNNING[$pid]}]=$rc
done
for pid in "${!RUNNING[@]}"; do
    if wait "$pid"; then echo "${RUNNING[$pid]} done"; fi
done
for task in "${!STATUS[@]}"; do echo "$task: ${STATUS[$task]}"; done
