#!/usr/bin/env bash
# Near misses for RA101: pipefail switched on with the long form
# `set -o errexit -o nounset -o pipefail` (several -o options in one `set`).
set -o errexit -o nounset -o pipefail

LOG=${LOG:-agent.log}
TASK=${TASK:-"Port the CLI from argparse to typer"}

codex exec --full-auto "$TASK" 2>&1 | tee -a "$LOG"
git diff --stat HEAD | tail -n 1 >> "$LOG"
echo "codex run logged to $LOG"
