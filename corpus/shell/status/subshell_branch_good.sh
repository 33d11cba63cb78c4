#!/usr/bin/env bash
# Near miss of subshell_branch_bad.sh: the subshell is a condition (`if ! ( … )`), so
# errexit does not act inside it and its status, the branch's, reaches the test.
set -euo pipefail

drive() {
    local workdir=$1 prompt=$2 log=$3
    if ! (
        cd "$workdir"
        if [[ -f .codex-stdin ]]; then
            printf '%s' "$prompt" | codex exec --full-auto - 2>&1 | tee "$log"
        else
            codex exec --full-auto "$prompt" 2>&1 | tee "$log"
        fi
    ); then
        echo "codex failed, see $log" >&2
        return 1
    fi
}

drive "$PWD" "Fix the lint errors" codex.log
