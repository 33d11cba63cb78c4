#!/usr/bin/env bash
# errexit reaches down a chain of calls: `validate` is tested once (`if validate`) and
# called plainly once, and on the plain call the body runs under errexit; so does the
# function it starts as a job (`run_checks &`: the job keeps errexit), where a failing
# agent ends the job before its status is read, and the server it started is never
# stopped.
set -euo pipefail

run_checks() {
  start_server || return 1
  claude -p "Run the end-to-end checks" > logs/e2e.md
  local rc=$?  # expect: RA204(error)
  stop_server
  return "$rc"
}

validate() {
  run_checks &
  if ! wait "$!"; then
    echo "checks failed" >&2
    return 1
  fi
}

if validate; then
  echo "first round passed"
fi
validate
