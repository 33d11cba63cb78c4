#!/usr/bin/env bash
# Near misses of a status kept in a subshell: the subshell decides on it itself
# and leaves with it (`exit "$rc"`), and the script tests the subshell's own
# status after it.
(
  cd repo || exit 1
  aider --yes --message-file prompt.md README.md > aider.log 2>&1
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "aider failed with $rc" >&2
  fi
  exit "$rc"
)
status=$?
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
