#!/usr/bin/env bash
# Hooks whose prompts come from files (through two variables), run in the background and
# marked done whatever they did: the bare `wait` at the end returns 0.
set -euo pipefail
CONFIG=hooks.yaml
STATE=progress.yaml

run_hooks() {
  local count
  count=$(yq -r '.hooks | length' "$CONFIG")
  for ((h = 0; h < count; h++)); do
    local prompt
    prompt=$(cat "hooks/$h.md")
    local message
    message=$(echo "$prompt" | envsubst)
    (
      claude -p "$message" --dangerously-skip-permissions > /dev/null 2>&1  # expect: RA203(warning)
      yq -i ".hooks[$h].status = \"completed\"" "$STATE"
    ) &
  done
}

run_hooks
wait
