#!/bin/bash
# A pass-through wrapper that takes its own options in a loop (`--kill-after=…`, then a
# duration) and runs the rest: what it runs starts at the first word that names a
# program, here `claude`, so the call is the agent's run and `tee` hides its status.
set -e
with_timeout() {
  local opts=() duration=""
  while (($# > 0)); do
    case "$1" in
      --kill-after=*) opts+=("$1"); shift ;;
      *) duration="$1"; shift; break ;;
    esac
  done
  timeout "${opts[@]}" "$duration" "$@"
}

with_timeout --kill-after=5s 600s claude -p "Fix the failing tests" | tee fix.log  # expect: RA101(error)
with_timeout 600s codex exec "Update the changelog" | tee changelog.log  # expect: RA101(error)
