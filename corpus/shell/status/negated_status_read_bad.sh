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
