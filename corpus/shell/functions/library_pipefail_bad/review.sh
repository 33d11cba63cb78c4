#!/usr/bin/env bash
# RA203: the library's `run_review` runs the agent (the program `agent_bin`
# prints) with pipefail on, but `$?` in the failure branch of `if !` is the
# negation's status, always 0. ShellCheck's `source=/dev/null` only tells
# ShellCheck not to follow the path; runaudit reads it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$ROOT/lib/review.sh"

for file in "$@"; do
  if ! run_review "$file"; then
    rc=$?  # expect: RA203(warning)
    echo "review of $file failed with $rc" >&2
  fi
done
