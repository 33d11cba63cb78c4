#!/usr/bin/env bash
# Near miss: the driver runs with errexit, but calls the library's `review` only inside
# a `$(…)`, where bash drops errexit: the library's guard sees the failed run's status.
set -euo pipefail
source "$(dirname "$0")/lib/steps.sh"
notes=$(review "Review the last commit")
printf '%s\n' "$notes" > REVIEW.md
