#!/bin/bash
# RA302: the review pipeline's status is the wrapper's (pipefail on), and the
# loop leaves only when it succeeds: a failed review goes round and runs the
# agent again from scratch.
set -o pipefail

save_to() { local out="$1"; shift; "$@" > "$out"; }

for (( i=1; i<=4; i++ )); do  # expect: RA302(warning)
  if printf '%s' "$PROMPT" | save_to "review-$i.json" claude -p - --allowedTools "Read"; then
    break
  fi
  sleep 10
done
