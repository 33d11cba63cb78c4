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
