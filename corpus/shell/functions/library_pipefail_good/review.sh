#!/usr/bin/env bash
# Near miss: the same library call, its status read where it is the agent's
# (the `else` branch of a plain `if`).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$ROOT/lib/review.sh"

for file in "$@"; do
  if run_review "$file"; then
    echo "reviewed $file"
  else
    rc=$?
    echo "review of $file failed with $rc" >&2
  fi
done
