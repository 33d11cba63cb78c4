#!/usr/bin/env bash
# Near miss: the same substitution, read whole; pipefail keeps claude's status.
set -eo pipefail

REMAINING=$((END - $(date +%s)))
ROUND_PROMPT="$(cat PROMPT.md)"
ROUND_PROMPT="${ROUND_PROMPT//\{REMAINING_TIME\}/$((REMAINING / 60)) minutes}"
claude -p "$ROUND_PROMPT" | tee -a night.log
