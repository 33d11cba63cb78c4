#!/bin/bash
# Near misses: the same wrapper running programs that are not agents (a probe, a filter
# read to its end), and an agent's run whose status pipefail keeps.
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

with_timeout --kill-after=5s 10s git log --oneline | head -n 5
with_timeout 10s claude --version | grep -q 'Claude Code' && echo "claude is installed"
set -o pipefail
with_timeout --kill-after=5s 600s claude -p "Fix the failing tests" | tee fix.log
