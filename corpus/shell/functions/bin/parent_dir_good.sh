#!/bin/bash
# Near miss: the folder above the script's holds no `lib/agent_fn.sh` under this name
# (`libs`), so nothing is sourced and `run_step` is not known to run an agent.
set -uo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LIB_DIR="$(dirname "$SCRIPT_DIR")/libs"
source "$LIB_DIR/agent_fn.sh"

for attempt in 1 2 3; do
    run_step "Fix the failing test" && break
    sleep 30
done
