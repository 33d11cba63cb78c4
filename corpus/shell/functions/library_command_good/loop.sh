#!/usr/bin/env bash
# Near miss: run_agent, from a library sourced before the script sets AGENT_CMD, runs
# the command held there once, and the script fails with it.
set -uo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPT_DIR/lib/agent.sh"

AGENT_CMD="$(resolve_agent_cmd "${AGENT:-claude}")"

status=0
run_agent PROMPT.md 2>&1 | tee -a ralph.log || status=$?
exit "$status"
