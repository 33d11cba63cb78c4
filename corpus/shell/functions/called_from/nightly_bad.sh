#!/usr/bin/env bash
# Calls the library's function outside any condition, under the errexit the library set.
source "$(dirname "$0")/lib/codex_run.sh"

run_codex nightly.log "Fix the flaky tests"
git push
