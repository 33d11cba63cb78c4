#!/usr/bin/env bash
# A near miss: the script reads a config file from the home folder first, then keeps a
# run's status in a variable nothing reads. The config ran its top level before the
# status was kept, and every command after it is the script's own or an everyday
# program, so no function of that file can read it: the dead store decides nothing.
set -euo pipefail
source "$HOME/.config/agent-runner.env"

log() { echo "[$(date +%H:%M)] $*" >&2; }

claude -p "Format the weekly report" --output-format text > report.md
FORMAT_EXIT=$?
if [[ -s report.md ]]; then
  log "report written"
else
  log "no report"
  exit 1
fi
rm -f report.tmp
