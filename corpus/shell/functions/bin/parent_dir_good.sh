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

# A folder variable set again to a folder outside the script's: what is sourced is not
# the library beside it. `dirname` works on text: `$SCRIPT_DIR/..` gives `$SCRIPT_DIR`.
LIB_DIR="$(dirname "$SCRIPT_DIR")/lib"
LIB_DIR="$HOME/.local/lib"
source "$LIB_DIR/agent_fn.sh"
SAME_DIR="$(dirname "$SCRIPT_DIR/..")"
source "$SAME_DIR/lib/agent_fn.sh"
until run_step "Update the changelog"; do
    sleep 60
done
