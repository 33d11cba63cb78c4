#!/usr/bin/env bash
# The run writes to a file of its own, which the function then copies to the file its
# caller names (`$2`); the caller examines that file after each call: judged by its
# output, although the function's own status is the last `if`'s.
set -uo pipefail

run_round() {
  local prompt="$1"
  local out="$2"
  local raw="${out}.raw"
  timeout 900 codex exec --full-auto - <<<"$prompt" >"$raw" 2>&1
  if [[ ! -s "$out" ]]; then
    cp "$raw" "$out"
  fi
}

for round in 1 2 3; do
  result="state/round-$round.txt"
  run_round "Do the next task of TASKS.md" "$result"
  if ! jq -e '.status == "done"' "$result" >/dev/null; then
    echo "round $round did not finish" >&2
    exit 1
  fi
done
