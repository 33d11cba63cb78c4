#!/usr/bin/env bash
# Near misses for RA101: errexit from `set -e`, pipefail from `shopt -so
# pipefail` (the `set -o` option namespace reached through shopt).
set -e
shopt -so pipefail

LOG=${LOG:-agent.log}

aider --yes-always --message "Fix the mypy errors in src/" | tee -a "$LOG"
grep -c 'error:' "$LOG" | tee mypy-count.txt
echo "aider run complete"
