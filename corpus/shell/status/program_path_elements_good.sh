#!/bin/bash
# Near miss: the same arrays of programs known only in part, each run's status captured
# where it happens (`|| status=$?`), so the guards after it see failures.
set -euo pipefail
declare -A AGENT_BINS=(
    ["claude"]="$HOME/.local/bin/claude"
    ["gemini"]="$(npm prefix -g)/bin/gemini"
)
bin="${AGENT_BINS[$AGENT]}"
status=0
timeout 30m "$bin" -p "$(cat task.md)" > out.log 2>&1 || status=$?
if [ "$status" -eq 124 ]; then echo "timed out"; fi

runners=("$HOME/.local/bin/codex" exec --full-auto)
codex_status=0
"${runners[@]}" "$(cat task.md)" > codex.log || codex_status=$?
[ "$codex_status" -ne 0 ] && echo "codex failed"
exit "$codex_status"
