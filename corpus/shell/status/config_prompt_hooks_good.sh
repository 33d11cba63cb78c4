#!/usr/bin/env bash
# Near miss: the same hooks, each waited for by its pid, with the status read.
set -euo pipefail
CONFIG=hooks.yaml
STATE=progress.yaml

run_hooks() {
  local count
  count=$(yq -r '.hooks | length' "$CONFIG")
  pids=()
  for ((h = 0; h < count; h++)); do
    local prompt
    prompt=$(cat "hooks/$h.md")
    local message
    message=$(echo "$prompt" | envsubst)
    claude -p "$message" --dangerously-skip-permissions > "hook.$h.log" 2>&1 &
    pids+=("$!")
  done
  for h in "${!pids[@]}"; do
    if wait "${pids[$h]}"; then
      yq -i ".hooks[$h].status = \"completed\"" "$STATE"
    else
      yq -i ".hooks[$h].status = \"failed\"" "$STATE"
    fi
  done
}

run_hooks
