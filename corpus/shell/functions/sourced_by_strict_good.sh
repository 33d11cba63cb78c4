#!/bin/bash
# Turns on errexit and pipefail, then sources a library whose functions run with them.
set -euo pipefail
source "$(dirname "$0")/lib/quiet.sh"

run_review
git push
