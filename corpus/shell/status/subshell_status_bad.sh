#!/usr/bin/env bash
# RA203: the run's status is kept in `rc` inside a subshell `( … )`, where a
# message only shows it; the test after the subshell reads the script's own
# `rc` (still 0), since no assignment in a subshell reaches the script around
# it (ShellCheck's SC2031): every failed run is recorded as a success.
rc=0
(
  cd repo || exit 1
  aider --yes --message-file prompt.md README.md > aider.log 2>&1  # expect: RA203(warning)
  rc=$?
  echo "aider exit code: $rc" >&2
)
if [ "$rc" -eq 0 ]; then
  echo "README updated"
else
  echo "aider failed" >&2
fi
