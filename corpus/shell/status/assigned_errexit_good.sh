#!/usr/bin/env bash
# Near miss: under errexit a failed run ends the script before the assignments and the
# read after them (the read is dead code, not a lost status).
set -euo pipefail
codex exec --full-auto "Fix the lint errors" > codex.log 2>&1
finished=1
rc=$?
echo "codex done ($finished, $rc)"
