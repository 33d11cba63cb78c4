#!/bin/bash
# RA101: the agent's pipeline ends the `then` branch, and the read after the `fi`
# (which still sees that pipeline's `PIPESTATUS`) takes the index of `tee`, not of
# `codex`: a failed run exits 0.
set -e
if [ -n "$OPENAI_API_KEY" ]; then
  codex exec --full-auto "$(cat task.md)" 2>&1 | tee codex.log  # expect: RA101(error)
else
  echo "no API key" >&2
  exit 1
fi
rc=${PIPESTATUS[1]}
echo "codex exited with $rc" >> status.log
exit "$rc"
