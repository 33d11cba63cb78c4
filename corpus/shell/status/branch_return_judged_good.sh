#!/usr/bin/env bash
# Near miss: each pass's run is judged by the file it must write. Whichever branch runs
# it, the function returns right after (`return 0` after the `fi`), so the test of
# the file after each call is about that run.
set -uo pipefail
PROMPT="$(cat "$1")"
EVIDENCE="$2"
propose_once() {
  timeout 1800 claude -p "$1" --output-format stream-json
}
propose_pass() {
  if [[ "${STREAM:-}" == true ]]; then
    if [[ "${SHIP:-}" == true ]]; then
      propose_once "$2" 2>&1 | tee -a passes.log | python3 ship.py --pass "$1"
    else
      propose_once "$2" 2>&1 | python3 tap.py --events events.jsonl
    fi
    return 0
  fi
  propose_once "$2"
}
for (( i = 1; i <= 5; i++ )); do
  propose_pass "$i" "$PROMPT" || true
  if [[ -f "$EVIDENCE" ]]; then
    exit 0
  fi
done
exit 4
