#!/usr/bin/env bash
# Near misses: a script run on the agent's log whose status decides something (a
# condition, `&&`, errexit) examines it, as `grep` or `jq` do.

TASK="Grade the submission in ./work against RUBRIC.md"

codex exec --json "$TASK" > judge.json 2>&1
if ! python tools/check_verdict.py judge.json; then
  echo "no verdict" >&2
  exit 1
fi

claude -p "$TASK" > claude.log 2>&1
node tools/validate.js claude.log && cp claude.log results/

set -e
gemini -p "$TASK" > gemini.log 2>&1 || true
python tools/parse_result.py gemini.log > gemini.json
echo "parsed"
