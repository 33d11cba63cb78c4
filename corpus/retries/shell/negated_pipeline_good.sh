#!/bin/bash
# Near miss: `! a | b` negates the whole pipeline (bash), so a failed review
# leaves the loop at once; only a review that asks for another round (findings
# left) goes round, after a fix.
set -o pipefail

save_to() { local out="$1"; shift; "$@" > "$out"; }

for (( i=1; i<=4; i++ )); do
  if ! printf '%s' "$PROMPT" | save_to "review-$i.json" claude -p - --allowedTools "Read"; then
    echo "review failed" >&2
    break
  fi
  if [[ ! -s "review-$i.json" ]]; then
    break
  fi
  if [[ "$(jq '.findings | length' "review-$i.json")" -eq 0 ]]; then
    break
  fi
  ./scripts/apply-fixes.sh "review-$i.json"
done
