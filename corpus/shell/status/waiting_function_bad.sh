#!/usr/bin/env bash
# The function waits for the job but returns 0 whatever it did: the agent's status is
# read by nothing.
wait_quietly() {
  local pid="$1"
  wait "$pid" 2>/dev/null || true
  echo "finished"
}

claude -p "Fix the failing tests" > run.log 2>&1 &  # expect: RA203(warning)
agent_pid=$!
wait_quietly "$agent_pid"
status=$?
if [ "$status" -ne 0 ]; then
  echo "the agent failed" >&2
  exit 1
fi
