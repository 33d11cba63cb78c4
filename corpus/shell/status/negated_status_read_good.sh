#!/usr/bin/env bash
# Near misses: the agent's own status captured before anything else runs.
rc=0
claude -p "Fix the failing tests" > result.json || rc=$?
if [ "$rc" -ne 0 ]; then
  echo "claude failed with $rc" >&2
  exit "$rc"
fi

if gemini -p "Summarise the changes"; then
  echo "summarised"
else
  rc=$?
  echo "gemini failed: $rc" >&2
fi

# `!` without a `$?` read: the branch only learns that it failed, which it did.
if ! claude -p "Tidy the README"; then
  echo "tidy failed" >&2
  exit 1
fi

# The same function's status captured with `||`: the read holds its `return 10`.
apply_next_change() {
  local prompt_file
  prompt_file=$(mktemp)
  [ -s changes.txt ] || return 10
  head -n 1 changes.txt > "$prompt_file"
  codex exec - < "$prompt_file" || { rm -f "$prompt_file"; return 1; }
  rm -f "$prompt_file"
}
for run in 1 2 3; do
  rc=0
  apply_next_change || rc=$?
  [ "$rc" -eq 10 ] && break
done

# The run's status is the assignment's, read first in the branch that runs on failure.
review_in() {
  local out
  if out=$(cd "$1" && timeout 600 opencode run --format json "Review the diff" 2>&1); then
    printf '%s\n' "$out"
  else
    local rc=$?
    [ "$rc" -eq 124 ] && echo "review timed out" >&2
    return 1
  fi
}
review_in "$PWD"
