#!/usr/bin/env bash
# Runs codex once; under pipefail its status is the pipeline's, and so the script's.
set -euo pipefail
codex exec --full-auto "$(cat "$1")" 2>&1 | tee -a "$2"
