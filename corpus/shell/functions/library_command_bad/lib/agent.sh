# Sourced by loop.sh: the agent's command is the sourcing script's to choose.

resolve_agent_cmd() {
  case "$1" in
    codex) echo "codex exec --yolo --skip-git-repo-check -" ;;
    *) echo "claude -p --dangerously-skip-permissions" ;;
  esac
}

run_agent() {
  local prompt_file="$1"
  if [[ "${AGENT_TIMEOUT:-0}" -gt 0 ]]; then
    cat "$prompt_file" | eval "timeout $AGENT_TIMEOUT $AGENT_CMD"
  else
    cat "$prompt_file" | eval "$AGENT_CMD"
  fi
}
