#!/usr/bin/env bash
# RA204: the driver that sources this library (`$APP_HOME/lib/steps.sh`, read from the
# nearest folder above it that holds `lib/steps.sh`) runs with errexit, and calls
# `review` outside any condition: a failed run ends the driver before `$?` is read.
_run_step() {
  claude -p "$1" --permission-mode acceptEdits > /dev/null
}

review() {
  _run_step "$1"
  local exit_code=$?  # expect: RA204(error)
  if [[ $exit_code -ne 0 ]]; then
    echo "review failed ($exit_code)" >&2
  fi
}
