#!/usr/bin/env bash
# Sets no option: its functions run with those of the scripts that call them. The only
# caller is steps.sh, itself sourced by chain_good.sh after `set -euo pipefail`, so the
# pipeline below runs with pipefail on and keeps claude's status.
run_claude() {
  claude -p "$1" 2>&1 | tee -a claude.log
}
