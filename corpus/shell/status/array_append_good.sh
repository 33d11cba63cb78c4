#!/usr/bin/env bash
# Near miss of array_append_bad.sh: the status captured with `||`, so the read holds it.
set -euo pipefail
cmd=(gemini --yolo)
cmd+=("$PROMPT")
rc=0
"${cmd[@]}" || rc=$?
[ "$rc" -eq 0 ] || echo "review failed with $rc" >&2
exit "$rc"
