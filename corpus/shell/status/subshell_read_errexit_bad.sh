#!/usr/bin/env bash
# RA204: under errexit a subshell exits at the first command that fails, so the status
# read after the run inside it never sees a failure (and with pipefail the script ends
# there too): the `.rc` file is never written for a failed run.
set -euo pipefail
tmp=$(mktemp)
(timeout 30m claude --print "Work through TODO.md" 2>&1; echo $? > "$tmp.rc") | tee "$tmp"  # expect: RA204(error)
rc=$(cat "$tmp.rc" 2>/dev/null || echo 1)
echo "claude exited with $rc"
