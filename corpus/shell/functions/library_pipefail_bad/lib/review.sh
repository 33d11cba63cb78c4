# Sourced by review.sh, which sets pipefail first: `run_review`'s pipeline returns
# the agent's failure, so the function's status is the agent's.
agent_bin() {
  printf '%s\n' "${AGENT_BIN:-codex}"
}

run_review() {
  local bin
  bin="$(agent_bin)"
  "$bin" exec -s read-only "Review $1" 2>&1 | tee -a review.log
}
