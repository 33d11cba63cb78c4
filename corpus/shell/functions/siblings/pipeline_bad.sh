#!/usr/bin/env bash
# Sources three libraries; the functions of one call those of another (see lib/steps.sh).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/review.sh"
source "$(dirname "$0")/lib/steps.sh"

checked_step
review_step
