#!/usr/bin/env bash
# Options set here reach the library two sources down.
set -euo pipefail
source "$(dirname "$0")/lib/chain/steps.sh"

plan_step "issue 12"
