#!/bin/bash
# RA203: the pipeline's status is the agent's (a prompt piped by `printf` cannot
# meaningfully fail, so no pipefail is needed), but the script reads `PIPESTATUS` at the
# prompt's index: `printf`'s status, always 0.
printf '%s\n' "$PROMPT" | codex exec --full-auto - > codex.log 2>&1
CODEX_EXIT=${PIPESTATUS[0]}  # expect: RA203(warning)
if [ "$CODEX_EXIT" -ne 0 ]; then
  echo "codex failed with $CODEX_EXIT" >&2
  exit "$CODEX_EXIT"
fi
