#!/usr/bin/env bash
# A near miss: the driver sets pipefail before it reads its plugin and its libraries,
# so the pipelines in their functions report the agent's failure; each step's status
# is tested where it runs.
set -euo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner_file="$SCRIPT_DIR/runners/${RUNNER:-local}.sh"
source "$runner_file"
for lib in "$SCRIPT_DIR"/lib/*.sh; do
  source "$lib"
done

if ! runner_start "Fix the failing tests"; then
  echo "the runner failed" >&2
  exit 1
fi
if ! lib_plan "Plan the release"; then
  echo "planning failed" >&2
  exit 1
fi
