#!/bin/bash
# Near misses: the script reads the agent's own `PIPESTATUS` entry, or all of them.
printf '%s\n' "$PROMPT" | codex exec --full-auto - > codex.log 2>&1
CODEX_EXIT=${PIPESTATUS[1]}
if [ "$CODEX_EXIT" -ne 0 ]; then
  echo "codex failed with $CODEX_EXIT" >&2
  exit "$CODEX_EXIT"
fi
echo "$PROMPT" | claude -p > claude.log 2>&1
STATUSES=("${PIPESTATUS[@]}")
if [ "${STATUSES[1]}" -ne 0 ]; then
  exit "${STATUSES[1]}"
fi
