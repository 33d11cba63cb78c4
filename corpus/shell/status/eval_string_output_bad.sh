#!/usr/bin/env bash
# A reviewer whose command is a string run by `eval`, known only in part (the prompt
# is the user's): its status is thrown away and its output only shown when there is
# some, so nothing judges the run.
set -euo pipefail
REVIEW_PROMPT=""
SERVER_URL=""

while [[ $# -gt 0 ]]; do
  case $1 in
    --review) REVIEW_PROMPT="$2"; shift 2 ;;
    --server) SERVER_URL="$2"; shift 2 ;;
    *) shift ;;
  esac
done

review() {
  if [[ -z "$REVIEW_PROMPT" ]]; then
    return 0
  fi
  local cmd
  if [[ -n "$SERVER_URL" ]]; then
    cmd="opencode run --attach ${SERVER_URL} -- \"$REVIEW_PROMPT\""
  else
    cmd="opencode run -- \"$REVIEW_PROMPT\""
  fi
  local output
  output=$(eval "$cmd" 2>&1) || true  # expect: RA203(warning)
  if [[ -n "$output" ]]; then
    echo "reviewer: $output"
  fi
}

# A one-off run of a command string whose prompt is the script's first argument: the
# string is known only in part, its program is still `claude`.
task_cmd="claude -p \"$1\" --max-turns 5"
eval "$task_cmd" || true  # expect: RA203(warning)

# Another function keeps its own `output` and examines it (not the reviewer's): it
# asks the agent a question and returns the answer, not the run's status, so the
# bounded loop that stops on it stops on a marker in the output.
check_done() {
  local output
  output=$(opencode run -- "Is the task complete? Answer YES or NO." 2>&1) || true
  if echo "$output" | grep -q '^YES'; then
    return 0
  fi
  return 1
}

for round in $(seq 1 20); do
  review
  if check_done; then
    break
  fi
  sleep 60
done
