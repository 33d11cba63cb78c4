#!/usr/bin/env bash
# A near miss: the agent runs as a background job whose pid is handed to a function
# that waits for it under a time limit and returns what `wait` returns; the caller
# reads that status. Listing and stopping background sessions runs no agent.
wait_with_timeout() {
  local pid="$1"
  local limit="$2"
  local start
  start=$(date +%s)
  while kill -0 "$pid" 2>/dev/null; do
    if [ $(( $(date +%s) - start )) -ge "$limit" ]; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      return 124
    fi
    sleep 1
  done
  wait "$pid"
}

( set -o pipefail; claude -p "Fix the failing tests" 2>&1 | tee -a run.log ) &
agent_pid=$!
wait_with_timeout "$agent_pid" 1800
status=$?
if [ "$status" -ne 0 ]; then
  echo "the agent failed ($status)" >&2
  claude logs "$SESSION" | tail -30
  claude stop "$SESSION" || true
  exit 1
fi
