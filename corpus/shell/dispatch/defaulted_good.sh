#!/usr/bin/env bash
# Near miss: the library sourced through a default, its status captured where it fails.
set -uo pipefail
SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
. "${TOOL_LIB:-$SCRIPT_DIR/lib/agent.sh}"
rc=0
run_codex prompts/plan.md PLAN.md || rc=$?
if [[ "$rc" -ne 0 ]]; then
    echo "codex failed ($rc)" >&2
fi
exit "$rc"
