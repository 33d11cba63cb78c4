#!/usr/bin/env bash
# The run's status is captured where errexit does not act (`|| rc=$?`), so the subshell
# goes on to write it; and a subshell run as a condition ignores errexit inside.
set -euo pipefail
tmp=$(mktemp)
(rc=0; timeout 30m claude --print "Work through TODO.md" 2>&1 || rc=$?; echo "$rc" > "$tmp.rc") | tee "$tmp"
status=$(cat "$tmp.rc" 2>/dev/null || echo 1)
echo "claude exited with $status"
if (timeout 30m codex exec "Fix the lint errors"; code=$?; [ "$code" -eq 0 ] || echo "codex: $code" >&2; exit "$code"); then
    echo "lint fixed"
fi
