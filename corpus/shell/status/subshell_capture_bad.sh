#!/usr/bin/env bash
# Under errexit a subshell ends at its first failing statement, with that status: a
# failed capture of the agent ends the subshell, and then the script (or the background
# job the function runs in), before the read after it.
set -euo pipefail

run_agent() {
  (
    cd "$1"
    out=$(echo "$PROMPT" | claude --print --output-format json)
    echo "$out" | jq -r .result
  ) > "$1.log" 2>&1
  local exit_code=$?  # expect: RA204(error)
  if [[ $exit_code -ne 0 ]]; then
    echo "agent in $1 failed with $exit_code" >&2
  fi
  return "$exit_code"
}

pids=()
for dir in worktrees/*; do
  run_agent "$dir" &
  pids+=("$!")
done
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1
done
exit "$failed"
