#!/usr/bin/env bash
# RA203: the library's `run_agent` keeps the run's status in `AGENT_STATUS`,
# and this script never reads it: a failed run still prints "complete".
set -e
source "$(dirname "$0")/lib/agent.sh"
run_agent "Plan next week's work in PLAN.md" strategist.log  # expect: RA203(warning)
echo "strategist complete"
