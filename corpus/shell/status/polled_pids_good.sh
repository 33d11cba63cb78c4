#!/usr/bin/env bash
# A scheduler that keeps its workers' pids in an array and, on each turn of its poll
# loop (before the launches that fill it, in the text), copies each pid out of the array
# and waits for it: every worker is waited for, and its status read.
set -uo pipefail

poll_worker() {
  claude -p "Implement task $1" --dangerously-skip-permissions > "logs/$1.log" 2>&1
}

active_pids=()
failed=0
for round in 1 2 3; do
  still=()
  for ((i = 0; i < ${#active_pids[@]}; i++)); do
    pid="${active_pids[$i]}"
    if kill -0 "$pid" 2>/dev/null; then
      still+=("$pid")
    elif ! wait "$pid"; then
      failed=$((failed + 1))
    fi
  done
  active_pids=("${still[@]}")
  poll_worker "task-$round" &
  pid=$!
  active_pids+=("$pid")
  sleep 2
done
[[ $failed -eq 0 ]]
