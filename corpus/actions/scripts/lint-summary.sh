#!/usr/bin/env bash
# Runs no agent: a pipeline of it is nobody's lost agent status.
set -euo pipefail
git diff --name-only origin/main... | grep -c '\.py$' || true
