#!/bin/bash
# The folder above the script's, printed whole by `cd … && pwd`, then `lib`.
set -uo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
source "$PROJECT_ROOT/lib/agent_fn.sh"

until run_step "Update the changelog"; do  # expect: RA302(warning)
    sleep 60
done
