#!/usr/bin/env bash
# A here-document whose body has a line that starts with its word (`PYTHON_FLAGS = …`
# in a `<<'PY'` body): bash ends it only at a line that is the word alone, the grammar
# at the first line that starts with it. Mended before parsing: no RA900, and the
# commands after it are read as the script's.
set -euo pipefail

is_commit() {
  HOOK_COMMAND="$1" python3 - <<'PY'
import os
PYTHON_FLAGS = {'-c'}
PY_WORDS = os.environ["HOOK_COMMAND"].split()
raise SystemExit(0 if PY_WORDS[:2] == ["git", "commit"] else 1)
PY
}

if is_commit "$CLAUDE_TOOL_COMMAND"; then
  claude -p "Review the commit just made" > review.md || exit 1
fi
