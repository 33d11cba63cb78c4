#!/bin/bash
# errexit comes from the sourced library: the status read right after the run only
# ever sees success, and the guard on it is dead.
source "$(dirname "$0")/lib/strict.sh"

codex exec --full-auto "Fix the failing test" | tee -a codex.log
rc=${PIPESTATUS[0]}  # expect: RA204(error)
if [ "$rc" -ne 0 ]; then echo "codex failed with $rc" >&2; fi
