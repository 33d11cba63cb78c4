#!/bin/bash
# Near misses: an absent library is not a finding, and a captured status is live.
set -e
source "$(dirname "$0")/lib/absent.sh"
source "$(dirname "$0")/lib/run_agent.sh"

rc=0
run_agent claude -p "$TASK" || rc=$?
if [ "$rc" -eq 124 ]; then echo "timed out"; fi
