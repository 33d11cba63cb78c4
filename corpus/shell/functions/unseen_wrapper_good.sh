#!/usr/bin/env bash
# Near misses: a function of the script that only prints its arguments runs nothing;
# a wrapper the script cannot see whose status is checked keeps the agent's; and a
# guard on 124 through such a wrapper may hold (its codes are unknown here).
set -u
note() { echo "[$(date +%T)] $*" >&2; }

note claude -p "about to run"
run_quota gemini -p "summarise the changelog" || exit 1
rc=0
run_quota gemini -p "summarise the diff" || rc=$?
if [ "$rc" -eq 124 ]; then
  echo "timed out" >&2
  exit 1
fi
exit "$rc"
