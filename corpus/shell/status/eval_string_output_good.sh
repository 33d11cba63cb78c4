#!/usr/bin/env bash
# The near miss: the reviewer's command is a string run by `eval`, its status thrown
# away, and its output tested for a verdict: the run is judged by what it printed.
set -euo pipefail
REVIEW_PROMPT="${REVIEW_PROMPT:-}"

review() {
  local cmd="opencode run -- \"$REVIEW_PROMPT\""
  local output
  output=$(eval "$cmd" 2>&1) || true
  if [[ "$output" == *"REQUEST CHANGES"* ]]; then
    echo "reviewer asked for changes" >&2
    return 1
  fi
}

for i in 1 2 3; do
  review || continue
  break
done
