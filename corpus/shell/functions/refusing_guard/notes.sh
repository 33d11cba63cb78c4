#!/bin/bash
# Sources a library under errexit and pipefail.
set -euo pipefail
source "$(dirname "$0")/lib/steps.sh"

condense "Write the notes" > notes.md
