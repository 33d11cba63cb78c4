#!/usr/bin/env bash
# Near misses: the same run under pipefail, read through PIPESTATUS; and node running a
# script of the project, not an agent, whose status errexit reads.
set -eo pipefail
rc=0
timeout 1800 node --require "$PROXY" "$(which gemini)" --prompt "$PROMPT" 2>&1 | while IFS= read -r line; do
    echo "[gemini] $line"
done || rc=${PIPESTATUS[0]}
if [ "$rc" -eq 124 ]; then
    echo "gemini timed out" >&2
fi
node --require ./register.js scripts/report.js --since yesterday > report.txt
exit "$rc"
