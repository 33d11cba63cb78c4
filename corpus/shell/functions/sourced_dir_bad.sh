#!/bin/bash
# The script's folder through a variable, and `${BASH_SOURCE%/*}`.
set -e
SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
. "$SCRIPT_DIR/lib/run_agent.sh"
. "${BASH_SOURCE%/*}/lib/run_agent.sh"

with_limit 3600 gptme "$TASK"
rc=$? # expect: RA204(error)
if [ "$rc" -eq 75 ]; then echo "rate limited"; fi
