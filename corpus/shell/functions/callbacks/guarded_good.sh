#!/usr/bin/env bash
# Near miss: the same callback into the script, from a library that reads its status as
# bash lets it under errexit (`|| result=$?`): the guards see every failure.
set -euo pipefail
source "$(dirname "$0")/lib/guarded_turns.sh"

run_step() {
  local step=$1
  run_codex_step "$step" TASK.md
}

run_steps 10
