#!/bin/bash
# Near miss: the library returns to the scripts that source it before its `set -e`, so
# its functions run there with their options, not this file's errexit.
run_phase() {
    claude -p "Work on phase $1"
    local rc=$?
    if [ "$rc" -eq 75 ]; then sleep 600; fi
    return "$rc"
}

[[ "${BASH_SOURCE[0]}" != "$0" ]] && return 0
set -euo pipefail
echo "source this file, then call run_phase"
