#!/usr/bin/env bash
# RA202: a variable set on one path only (`[[ … ]] && ec=124`, an `if` with no
# `else`) holds its earlier value on the other: `return $ec` returns the
# agent's own status there, so the function passes gemini's status on and the
# caller's test of a code gemini never gives is dead.
run_gemini() {
  gemini -p "$1" --yolo
  local ec=$?
  [[ $ec -eq 143 ]] && ec=130
  return $ec
}

run_gemini "Fix the failing tests"
status=$?
if [ "$status" -eq 3 ]; then  # expect: RA202(warning)
  echo "gemini ran out of turns" >&2
fi
