#!/usr/bin/env bash
# The agent runs in a function defined inside another and writes to the file the caller
# names, but the caller only removes that file (or shows it): nothing examines what the
# run printed, and its status is lost.

execute_prompt() {
  local prompt="$1"
  local output_file="$2"
  local mode="${3:-}"
  run_cmd() {
    codex exec --json "$prompt" >"$output_file"
  }
  if [[ "$mode" == async ]]; then
    run_cmd &  # expect: RA203(warning)
    agent_pid=$!
  else
    run_cmd
  fi
}

fix_task() {
  local tmpfile
  tmpfile=$(mktemp)
  execute_prompt "Fix the task in TODO.md" "$tmpfile"  # expect: RA203(warning)
  cat "$tmpfile"
  rm -f "$tmpfile"
  echo "task done"
}

review_task() {
  local log
  log=$(mktemp)
  execute_prompt "Review the last commit" "$log" async  # expect: RA203(warning)
  wait "$agent_pid" || true
  rm -f "$log"
}

fix_task
review_task
