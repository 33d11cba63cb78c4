#!/usr/bin/env bash
# Only a rate limit sends the loop round, and then it resumes the same named
# session; a cap on those resumes and every other failure call `give_up`, which
# always ends the script (through `die`, defined after it). A bounded resume
# guarded on the transient condition: no respawn.
set -euo pipefail
give_up() {
  local reason="$1"
  git worktree remove --force "$WORKTREE" >/dev/null 2>&1 || true
  die "$reason; state kept in $STATE"
}
die() {
  printf 'BLOCKED: %s\n' "$*" >&2
  exit 1
}
session="$(jq -r '.session_id // empty' "$STATE")"
limited=0
while :; do
  rc=0
  claude -p --resume "$session" --output-format json "$(cat prompt.txt)" >raw.json || rc=$?
  [ "$rc" -ne 0 ] || break
  if grep -qi "rate limit" raw.json; then
    limited=$((limited + 1))
    [ "$limited" -lt 5 ] || give_up "rate limit not clearing after $limited resumes"
    sleep 900
    continue
  fi
  give_up "claude failed with status $rc"
done
