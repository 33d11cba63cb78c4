#!/usr/bin/env bash
# The agent runs in a function defined inside another (it sees that one's locals), which
# writes its output to the file the caller names; the caller, one or two calls up, reads
# that file and examines it: each run is judged by its output.

execute_prompt() {
  local prompt="$1"
  local output_file="$2"
  local mode="${3:-}"
  run_cmd() {
    claude -p "$prompt" --output-format stream-json >"$output_file"
  }
  if [[ "$mode" == async ]]; then
    run_cmd &
    agent_pid=$!
  else
    run_cmd
  fi
}

run_in_background() {
  local prompt="$1"
  local output_file="$2"
  execute_prompt "$prompt" "$output_file" async
}

fix_task() {
  local tmpfile result
  tmpfile=$(mktemp)
  execute_prompt "Fix the task in TODO.md" "$tmpfile"
  result=$(cat "$tmpfile" 2>/dev/null || echo "")
  rm -f "$tmpfile"
  [[ -n "$result" ]] || return 1
  if echo "$result" | grep -q '"type":"error"'; then
    return 1
  fi
}

review_task() {
  local log
  log=$(mktemp)
  run_in_background "Review the last commit" "$log"
  wait "$agent_pid" || true
  if grep -q '"is_error":true' "$log"; then
    echo "review failed" >&2
    return 1
  fi
}

fix_task && review_task
