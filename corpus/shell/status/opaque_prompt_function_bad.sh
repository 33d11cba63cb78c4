#!/bin/bash
# A function runs the agent on a prompt the analysis cannot read, discards its status and
# goes on to commit what it did: a check the caller's loop makes later is about the
# commit's tree, not about this run, so the run's failure is lost.
set -uo pipefail

fix_build() {
    local output=$1
    echo "Fix the build:

$output" | timeout 600 claude --dangerously-skip-permissions 2>&1 || true  # expect: RA203(warning)
    git add -A
    git commit -m "fix build" || true
}

for spec in specs/*.md; do
    fix_build "$(npm run build 2>&1)"
    if grep -q "Status: DONE" "$spec"; then
        break
    fi
done
