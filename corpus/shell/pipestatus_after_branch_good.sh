#!/bin/bash
# Near miss of pipestatus_after_branch_bad.sh: the read after the `fi` takes the
# agent's index, and `PIPESTATUS` after an `if` still holds the pipeline that ended
# the branch it took, so the script exits with the agent's status.
set -e
if [ -n "$OPENAI_API_KEY" ]; then
  codex exec --full-auto "$(cat task.md)" 2>&1 | tee codex.log
else
  echo "no API key" >&2
  exit 1
fi
rc=${PIPESTATUS[0]}
echo "codex exited with $rc" >> status.log
exit "$rc"
