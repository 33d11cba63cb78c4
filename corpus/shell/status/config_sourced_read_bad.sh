#!/usr/bin/env bash
# The same script with a guard on the kept status: under errexit a failing run ends
# the script first, so the guard never sees a failure.
set -euo pipefail
source "$HOME/.config/agent-runner.env"

log() { echo "[$(date +%H:%M)] $*" >&2; }

claude -p "Format the weekly report" --output-format text > report.md
FORMAT_EXIT=$?  # expect: RA204(error)
if [[ $FORMAT_EXIT -ne 0 ]]; then
  log "formatting failed"
  exit 1
fi
