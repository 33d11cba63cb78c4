#!/bin/bash
set -euo pipefail
source "$(dirname "$0")/lib/agent.sh"
source "$(dirname "$0")/lib/sourced_only.sh"

for i in 1 2 3; do
  if run_agent "Do the next task in PLAN.md" > "out.$i.log"; then
    review "Review the last commit"
  fi
done
bash "$(dirname "$0")/lib/agent.sh" "Write the summary" > summary.log || exit 1
