#!/usr/bin/env bash
# Near misses: the same chain where every call of `validate` is a condition, so no body
# down the chain runs under errexit and the read sees the agent's failures; and a job
# started inside `$(…)`, where bash drops errexit (no `inherit_errexit`).
set -euo pipefail

run_checks() {
  start_server || return 1
  claude -p "Run the end-to-end checks" > logs/e2e.md
  local rc=$?
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
validate || exit 1

summarise() {
  codex exec "Summarise the change" > logs/summary.md
  local rc=$?
  stop_server
  echo "$rc"
}

report() {
  local code
  code=$(summarise)
  echo "summary exited $code"
}

if report; then :; fi
note=$(report)
echo "$note"
