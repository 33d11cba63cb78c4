#!/usr/bin/env bash
# A library that turns on strict mode in the scripts that source it (it runs in their
# shell), and runs the agent for them.
set -euo pipefail

run_codex() {
  codex exec --full-auto "$1" 2>&1 | tee -a codex.log
}
