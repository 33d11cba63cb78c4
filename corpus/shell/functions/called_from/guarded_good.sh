#!/usr/bin/env bash
source "$(dirname "$0")/lib/codex_checked.sh"

if ! run_codex_checked "Fix the flaky tests"; then
  echo "codex failed; not pushing" >&2
  exit 1
fi
git push
