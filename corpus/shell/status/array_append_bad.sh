#!/usr/bin/env bash
# RA204: elements known only at run time appended to an array whose program is known: it
# still runs gemini (`cmd+=("$PROMPT")`), and errexit ends the script before the read.
set -euo pipefail
cmd=(gemini --yolo)
for dir in "$@"; do
  cmd+=(--include-directories "$dir")
done
cmd+=("$PROMPT")
"${cmd[@]}"
rc=$?  # expect: RA204(error)
[ "$rc" -eq 0 ] || echo "review failed" >&2
