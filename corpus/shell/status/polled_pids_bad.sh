#!/usr/bin/env bash
# The same poll loop waits for each copied pid and throws the status away: a failed
# worker is counted as done.
set -uo pipefail

polled_worker() {
  claude -p "Implement task $1" --dangerously-skip-permissions > "logs/$1.log" 2>&1
}

worker_pids=()
done_count=0
for round in 1 2 3; do
  running=()
  for ((i = 0; i < ${#worker_pids[@]}; i++)); do
    pid="${worker_pids[$i]}"
    if kill -0 "$pid" 2>/dev/null; then
      running+=("$pid")
    else
      wait "$pid" || true
      done_count=$((done_count + 1))
    fi
  done
  worker_pids=("${running[@]}")
  polled_worker "task-$round" &  # expect: RA203(warning)
  pid=$!
  worker_pids+=("$pid")
  sleep 2
done
echo "$done_count workers finished"
