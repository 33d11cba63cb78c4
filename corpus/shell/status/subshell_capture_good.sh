#!/usr/bin/env bash
# Near miss of subshell_capture_bad.sh: the subshell runs as a condition (errexit is off
# in it), or its failure is captured with `|| rc=$?`: the read sees the agent's status.
set -euo pipefail

run_agent() {
  local exit_code=0
  (
    cd "$1"
    out=$(echo "$PROMPT" | claude --print --output-format json)
    echo "$out" | jq -r .result
  ) > "$1.log" 2>&1 || exit_code=$?
  if [[ $exit_code -ne 0 ]]; then
    echo "agent in $1 failed with $exit_code" >&2
  fi
  return "$exit_code"
}

review() {
  if ! (
    out=$(codex exec --full-auto "Review the diff")
    echo "$out"
  ) > review.log 2>&1; then
    echo "review failed" >&2
    return 1
  fi
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
review
exit "$failed"
