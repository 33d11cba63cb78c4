#!/bin/bash
# Function names with `::` exported for subshells (`export -f log::info`, over several
# lines too): valid bash the grammar misreads. The script is read whole, so the pipeline
# after the exports whose status nothing reads is found.
log::info() { echo "[info] $*"; }
ai::run() { claude -p "$1"; }
export -f log::info ai::run
export -f log::info \
    ai::run 2>/dev/null || true

ai::run "Summarise the failing tests" | tee -a review.log  # expect: RA203(warning)
log::info "review written"
