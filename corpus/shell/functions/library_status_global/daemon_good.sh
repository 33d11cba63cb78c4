#!/usr/bin/env bash
# Near miss: after the same call this script reads `AGENT_STATUS` and stops on
# a failed run.
set -e
source "$(dirname "$0")/lib/agent.sh"
run_agent "Implement the next task in TODO.md" daemon.log
if [ "$AGENT_STATUS" -ne 0 ]; then
  echo "agent failed with $AGENT_STATUS" >&2
  exit 1
fi
