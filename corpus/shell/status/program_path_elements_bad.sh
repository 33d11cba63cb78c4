#!/bin/bash
# RA204: the agent's program comes from an array whose elements are paths known only at
# run time (`$HOME/…/claude`); their file names say which agent runs, and under errexit
# the status read after the run only ever sees success.
set -euo pipefail
declare -A AGENT_BINS=(
    ["claude"]="$HOME/.local/bin/claude"
    ["gemini"]="$(npm prefix -g)/bin/gemini"
)
bin="${AGENT_BINS[$AGENT]}"
timeout 30m "$bin" -p "$(cat task.md)" > out.log 2>&1
status=$?  # expect: RA204(error)
if [ "$status" -eq 124 ]; then echo "timed out"; fi

runners=("$HOME/.local/bin/codex" exec --full-auto)
"${runners[@]}" "$(cat task.md)" > codex.log
codex_status=$?  # expect: RA204(error)
[ "$codex_status" -ne 0 ] && echo "codex failed"
