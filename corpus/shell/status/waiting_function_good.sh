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

# A progress display that waits for the job, keeps the status in a variable of its own
# and returns it at its end: the call is the job's `wait`, its status the job's.
show_progress() {
  local job_pid="$1" job_log="$2"
  while kill -0 "$job_pid" 2>/dev/null; do
    tail -n 1 "$job_log"
    sleep 1
  done
  wait "$job_pid"; local job_status=$?
  [[ -s "$job_log" ]] && tail -n 5 "$job_log"
  return "$job_status"
}

codex exec --full-auto "Rename the module" > rename.log 2>&1 &
rename_rc=0
show_progress $! rename.log || rename_rc=$?
[[ $rename_rc -eq 0 ]] || exit 1
