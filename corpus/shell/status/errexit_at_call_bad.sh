#!/usr/bin/env bash
# Defined above `set -euo pipefail` would have it, called below it: the wrapper
# runs under errexit (and pipefail) where it is called, so the read after the
# agent only ever sees success (RA204); one defined above a plain `set -e` and
# called below it runs its masked pipeline with the status used (RA101).

run_agent() {
  timeout 1800 gptme --non-interactive "$1"
  local rc=$?  # expect: RA204(error)
  if [ "$rc" -eq 124 ]; then
    echo "timed out; saving partial work" >&2
    git stash
  fi
  return "$rc"
}

log_run() {
  gptme --non-interactive "$1" 2>&1 | tee -a agent.log  # expect: RA101(error)
  echo "logged"
}

set -e

run_agent "Work through TASKS.md"
log_run "Update the changelog"
