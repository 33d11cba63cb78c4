#!/usr/bin/env bash
# One turn of `codex` whose status the script exits with after logging it.
codex exec "$(cat PROMPT.md)" > last.log 2>&1
rc=$?
echo "codex finished: $rc" >> history.log
exit "$rc"
