#!/bin/bash
# RA203: a step that runs unless it is skipped (`[[ skip ]] || agent`) still has its
# status thrown away by the `|| true` after it, as `agent || true` would.
set -euo pipefail
[[ "${SKIP_REVIEW:-}" == "1" ]] || codex exec --sandbox read-only "$(cat REVIEW.md)" > review.txt || true  # expect: RA203(warning)
echo "review step done"
