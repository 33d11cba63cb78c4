#!/usr/bin/env bash
# Near misses for RA101: `set -euo pipefail` puts pipefail in effect, so
# pipelines whose status is used (errexit, conditions, the last command of a
# function and of the script) still report a failing stage.
set -euo pipefail

LOG=${LOG:-agent.log}
HEALTH_URL=${HEALTH_URL:-http://localhost:5700/api/health}

run_agent() {
  timeout 1800 gptme --non-interactive "$1" 2>&1 | tee -a "$LOG"
}

if curl -fsS "$HEALTH_URL" | grep -q '"ok"'; then
  run_agent "Continue with the next task in TASKS.md"
fi

cat PROMPT.md | claude -p --dangerously-skip-permissions | tee -a "$LOG"
git log --oneline -n 5 | tee -a "$LOG"
