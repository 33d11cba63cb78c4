#!/usr/bin/env bash
# Runs the project's agent script by a path behind a variable set at run time
# (`$PROJECT_ROOT`): the nearest folder above that holds `scripts/agent.sh` is read, so
# errexit ending the script when the agent fails makes the status read dead.
set -euo pipefail
: "${PROJECT_ROOT:?PROJECT_ROOT must be set}"

"$PROJECT_ROOT/scripts/agent.sh" prompts/lane.md logs/lane.log
rc=$?  # expect: RA204(error)
echo "$rc" > logs/lane.rc
if [[ "$rc" -ne 0 ]]; then echo "lane failed" >&2; fi
