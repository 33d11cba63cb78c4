#!/usr/bin/env bash
# Near miss of a value set on one path only: the function maps gemini's 1 to
# 3 (`[[ … ]] && ec=3`), so 3 is one of the codes it returns, and the caller's
# test of it can be true.
run_gemini() {
  gemini -p "$1" --yolo
  local ec=$?
  [[ $ec -eq 1 ]] && ec=3
  return $ec
}

run_gemini "Fix the failing tests"
status=$?
if [ "$status" -eq 3 ]; then
  echo "gemini failed" >&2
fi
