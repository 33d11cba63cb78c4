#!/bin/bash
# A library folder beside the script's own, named from it: the folder above the
# script's (`$(dirname "$SCRIPT_DIR")`), then `lib`; and one variable set from another.
set -uo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT_DIR="$(dirname "$SCRIPT_DIR")"
LIB_DIR="$ROOT_DIR/lib"
source "$LIB_DIR/agent_fn.sh"

for attempt in 1 2 3; do  # expect: RA302(warning)
    run_step "Fix the failing test" && break
    sleep 30
done
