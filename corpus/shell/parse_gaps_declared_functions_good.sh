#!/bin/bash
# Near miss: the same exports under pipefail, so the pipeline returns the agent's
# status; nothing here is a parse error.
set -o pipefail
log::info() { echo "[info] $*"; }
ai::run() { claude -p "$1"; }
export -f log::info ai::run
declare -fx log::info
export -f log::info \
    ai::run 2>/dev/null || true

ai::run "Summarise the failing tests" | tee -a review.log || exit 1
log::info "review written"
