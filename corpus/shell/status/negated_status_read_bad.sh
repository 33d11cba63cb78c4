#!/usr/bin/env bash
# RA203: `$?` inside `if ! agent; then` is the status of the negation, always 0,
# so the code the branch records and reports is never the agent's.
if ! claude -p "Fix the failing tests" --output-format json > result.json; then
  rc=$?  # expect: RA203(warning)
  echo "claude failed with $rc" >&2
  exit "$rc"
fi

run_agent() {
  timeout 900 gemini -p "$1"
}
if ! run_agent "Summarise the changes"; then
  echo "agent failed: $?" >&2  # expect: RA203(warning)
fi

# A function that runs the agent and ends with another command returns that command's
# status (a defect of its own, at the run); its caller's read inside `if !` is still the
# negation's 0, never the function's failure nor its own `return 10`.
apply_next_change() {
  local prompt_file
  prompt_file=$(mktemp)
  [ -s changes.txt ] || return 10
  head -n 1 changes.txt > "$prompt_file"
  codex exec - < "$prompt_file"  # expect: RA203(warning)
  rm -f "$prompt_file"
}
for run in 1 2 3; do
  rc=0
  if ! apply_next_change; then
    rc=$?  # expect: RA203(warning)
  fi
  [ "$rc" -eq 10 ] && break
done

# The run's status is the assignment's (`out=$(cd d && agent)`), and in its failure branch
# `$?` is read after a flag is set: the flag's 0.
review_in() {
  local out failed=false
  if ! out=$(cd "$1" && timeout 600 opencode run --format json "Review the diff" 2>&1); then
    failed=true
    local rc=$?  # expect: RA203(warning)
    [ "$rc" -eq 124 ] && echo "review timed out" >&2
    return 1
  fi
  printf '%s\n' "$out"
}
review_in "$PWD"
