#!/usr/bin/env bash
# The library's folder can be overridden from the environment (`AGENT_LIB`); left unset,
# as it runs, it is the script's own `lib/`: the agent step it defines runs here, and
# its status is dropped.
LIB="${AGENT_LIB:-$(cd "$(dirname "$0")" && pwd)/lib}"
source "$LIB/agent.sh"

run_agent "Fix the failing tests" fix  # expect: RA203(warning)
echo "done"
