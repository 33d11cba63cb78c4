#!/usr/bin/env bash
# A loop library that calls back a function of the script that sources it: the script's
# `run_turn` ends by running the library's `run_claude_turn`, so the library's plain call
# of `run_turn` under this script's errexit ends the script when claude fails, and the
# guards on its status there never see a failure (RA204 in lib/turns.sh).
set -euo pipefail
source "$(dirname "$0")/lib/turns.sh"

run_turn() {
  local turn=$1
  run_claude_turn "$turn" PROMPT.md
}

run_turns 20
