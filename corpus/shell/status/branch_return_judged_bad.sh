#!/usr/bin/env bash
# RA203: the functions go on after the branch that runs the agent (they commit the
# tree), so the file test after each call is not known to be about the run, and the
# run's status is dropped before the commit.
set -uo pipefail
PROMPT="$(cat "$1")"
EVIDENCE="$2"
draft_once() {
  timeout 1800 claude -p "$1" --output-format stream-json
}
draft_pass() {
  if [[ "${STREAM:-}" == true ]]; then
    draft_once "$2" 2>&1 | python3 tap.py --events events.jsonl  # expect: RA203(warning)
  else
    draft_once "$2"
  fi
  git add -A && git commit -qm "pass $1"
}
# a `case` item that falls through (`;&`) runs the next one too: the commit, after the run
sketch_pass() {
  case "${MODE:-}" in
    stream) draft_once "$2" 2>&1 | python3 tap.py --events events.jsonl ;&  # expect: RA203(warning)
    commit) git add -A && git commit -qm "sketch $1" ;;
  esac
  return 0
}
for (( i = 1; i <= 5; i++ )); do
  draft_pass "$i" "$PROMPT" || true
  sketch_pass "$i" "$PROMPT" || true
  if [[ -f "$EVIDENCE" ]]; then
    exit 0
  fi
done
exit 4
