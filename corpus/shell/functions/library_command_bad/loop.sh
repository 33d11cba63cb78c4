#!/usr/bin/env bash
# RA302: run_agent, from a library sourced before the script sets AGENT_CMD, runs the
# command held there; the loop runs it again whenever it fails.
set -uo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPT_DIR/lib/agent.sh"

AGENT_CMD="$(resolve_agent_cmd "${AGENT:-claude}")"

attempt=1
while [ "$attempt" -le 3 ]; do  # expect: RA302(warning)
  if run_agent PROMPT.md 2>&1 | tee -a ralph.log; then
    break
  fi
  attempt=$((attempt + 1))
  sleep 30
done
