#!/usr/bin/env bash
# Near misses: an `||` that reports the failure and stops, or that keeps the status,
# is not an empty `echo`.
PROMPT_FILE=${PROMPT_FILE:-PROMPT.md}

claude -p "$(cat "$PROMPT_FILE")" --dangerously-skip-permissions || { echo "claude failed" >&2; exit 1; }
codex exec --full-auto "tidy the changelog" || rc=$?
echo "codex exit: ${rc:-0}"
exit "${rc:-0}"
