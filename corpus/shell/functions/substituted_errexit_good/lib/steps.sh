#!/usr/bin/env bash
# The review step: its status is read right after the run, and a failure is reported.
review() {
  claude -p "$1" --permission-mode plan
  local exit_code=$?
  if [[ $exit_code -ne 0 ]]; then
    echo "review failed ($exit_code)" >&2
    return "$exit_code"
  fi
}
