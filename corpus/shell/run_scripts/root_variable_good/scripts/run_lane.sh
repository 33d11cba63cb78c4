#!/usr/bin/env bash
# Near miss: the same run of the project's agent script behind `$PROJECT_ROOT`, its
# status captured with `|| rc=$?`, so the failure reaches the guard.
set -euo pipefail
: "${PROJECT_ROOT:?PROJECT_ROOT must be set}"

rc=0
"$PROJECT_ROOT/scripts/agent.sh" prompts/lane.md logs/lane.log || rc=$?
echo "$rc" > logs/lane.rc
if [[ "$rc" -ne 0 ]]; then echo "lane failed" >&2; fi
