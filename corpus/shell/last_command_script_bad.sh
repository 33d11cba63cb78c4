#!/usr/bin/env bash
# RA101 for the last command of a script: its status is the script's exit
# status (what cron, systemd or CI sees), so a pipeline there has its status
# used even without errexit, and `tee` hides the agent's failure.

cd "${AGENT_HOME:-$HOME/agent}" || exit 1
LOG="logs/$(date +%F).log"
mkdir -p logs
echo "starting agent at $(date)" >> "$LOG"
timeout 3600 gptme --non-interactive "$(< prompts/daily.md)" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
