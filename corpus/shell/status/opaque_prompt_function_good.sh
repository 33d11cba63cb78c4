#!/bin/bash
# Near miss: the function ends with the run (a log line after it does nothing more), so a
# check the caller's loop makes after each call may be what the prompt asked for.
set -uo pipefail

log() {
    printf '[%s] %s\n' "$(date +%T)" "$*"
}

fix_build() {
    local output=$1
    echo "Fix the build:

$output" | timeout 600 claude --dangerously-skip-permissions 2>&1 || true
    log "fix attempted"
}

for spec in specs/*.md; do
    fix_build "$(npm run build 2>&1)"
    if grep -q "Status: DONE" "$spec"; then
        break
    fi
done
