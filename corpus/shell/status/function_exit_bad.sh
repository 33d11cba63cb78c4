#!/usr/bin/env bash
# RA203 beside its near miss: a function that `return`s the agent's status
# passes it to its caller, and the caller here drops it.

review() {
  claude -p "Review the last batch" 2>&1 | tee review.log
  local rc=${PIPESTATUS[0]}
  if (( rc == 130 )); then
    exit "$rc"
  fi
  return "$rc"
}

review  # expect: RA203(warning)
git push
