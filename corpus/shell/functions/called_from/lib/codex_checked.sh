#!/usr/bin/env bash
# The same library shape, but every script that sources it calls the function as a
# condition (guarded_good.sh): errexit is off inside it there, and the read sees failures.
set -euo pipefail

run_codex_checked() {
  codex exec --full-auto "$1" 2>&1 | tee codex.log
  local rc=${PIPESTATUS[0]}
  if [ "$rc" -ne 0 ]; then
    echo "codex exited with $rc" >&2
  fi
  return "$rc"
}
