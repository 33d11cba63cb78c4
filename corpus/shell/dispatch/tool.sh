#!/usr/bin/env bash
# A dispatcher: it sources its libraries, then the file of the command it is given
# (`$ROOT/commands/$cmd.sh`, one of `commands/*.sh`), so each command file runs with
# the libraries' functions (`run_codex`) and the dispatcher's options.
set -euo pipefail
ROOT="${TOOL_ROOT:-/opt/tool}"
# shellcheck source=/dev/null
source "$ROOT/lib/agent.sh"

cmd="${1:-help}"
shift || true
cmd_file="$ROOT/commands/$cmd.sh"
if [[ "$cmd" == "check" ]]; then
    cmd_file="$ROOT/commands/review.sh"
fi
[[ -f "$cmd_file" ]] || { echo "unknown command: $cmd" >&2; exit 2; }
# shellcheck source=/dev/null
source "$cmd_file"
"tool_${cmd//-/_}" "$@"
