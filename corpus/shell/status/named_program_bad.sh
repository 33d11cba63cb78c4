#!/bin/bash
# Agents known only by the variable that holds their path, set outside the script (the
# environment, a unit file): its name says which agent runs.
set -e

"$CLAUDE_BIN" -p "Continue the task" | tee -a run.log  # expect: RA101(error)

$CODEX_CMD exec "review the diff" || true  # expect: RA203(warning)
echo "review done"
