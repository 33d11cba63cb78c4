#!/usr/bin/env bash
# Near miss: the path is the script's own folder's (`$SCRIPT_DIR/lib/…`), which
# holds no such file; it is not looked for above, so `run_agent` is unknown here.
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPT_DIR/lib/agent_run.sh"

until run_agent "Fix the failing tests"; do
  sleep 60
done
