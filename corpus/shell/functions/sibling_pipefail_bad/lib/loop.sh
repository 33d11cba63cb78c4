#!/usr/bin/env bash
# RA302: review.sh sources common.sh beside this file and calls `review_loop` with
# pipefail on, so `run_review` (a sibling's function) fails when the agent does, and
# the loop re-runs it until it succeeds. Run on its own (the main guard), this file
# starts from its own options; its functions still run with their callers'.
review_loop() {
  local i
  for (( i=1; i<=3; i++ )); do  # expect: RA302(warning)
    if run_review "round $i"; then
      break
    fi
  done
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  source "$(dirname "$0")/common.sh"
  review_loop
fi
