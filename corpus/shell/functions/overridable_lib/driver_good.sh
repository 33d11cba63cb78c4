#!/usr/bin/env bash
# A near miss: the same library, found the same way, whose step is tested.
LIB="${AGENT_LIB-$(cd "$(dirname "$0")" && pwd)/lib}"
source "$LIB/agent.sh"

if ! run_agent "Fix the failing tests" fix; then
  echo "the agent failed" >&2
  exit 1
fi
echo "done"
