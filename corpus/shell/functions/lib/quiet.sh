#!/usr/bin/env bash
# A library with no options of its own: the script that sources it turns on errexit
# and pipefail first (sourced_by_strict_good.sh), so its functions run with them.
run_review() {
  claude -p "Review the diff" 2>&1 | tee -a review.log
}
