#!/usr/bin/env bash
# Near miss: the driver that sources this library runs with errexit, and the status is
# captured where the run fails (`|| exit_code=$?`), so the guard sees the failure.
_run_step() {
  claude -p "$1" --permission-mode acceptEdits > /dev/null
}

review() {
  local exit_code=0
  _run_step "$1" || exit_code=$?
  if [[ $exit_code -ne 0 ]]; then
    echo "review failed ($exit_code)" >&2
  fi
}
