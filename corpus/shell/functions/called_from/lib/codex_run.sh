#!/usr/bin/env bash
# A library that turns errexit and pipefail on for the scripts that source it. Its
# function is called by nightly_bad.sh outside any condition: when codex fails, errexit
# ends the script at the pipeline, so the status read after it only ever sees success.
set -euo pipefail

run_codex() {
  local log="$1"
  shift
  codex exec --full-auto "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}  # expect: RA204(error)
  if [ "$rc" -ne 0 ]; then
    echo "codex exited with $rc" >&2
  fi
  return "$rc"
}
