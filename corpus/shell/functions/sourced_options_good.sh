#!/bin/bash
# The library this script sources turns on errexit and pipefail: a failed run ends the
# script, so its status is not lost.
source "$(dirname "$0")/lib/strict.sh"

run_codex "Fix the failing test"
git push
