# Sourced by review.sh, after `set -euo pipefail`: `run_review`'s pipeline returns
# the agent's failure there, so a call of it is the agent's run.
run_review() {
  printf '%s' "$1" | claude -p - --allowedTools Read 2>&1 | tee -a review.log
}
