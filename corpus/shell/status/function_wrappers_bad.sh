#!/usr/bin/env bash
# RA202: a function that runs the agent without any `timeout` in front of it never
# exits 124, so a guard on 124 after a call of it never fires.
set -u

run_gemini() {
  gemini -p "$PROMPT" --output-format json
}

output=$(run_gemini 2>&1)
rc=$?
if (( rc == 124 )); then echo "gemini timed out"; fi  # expect: RA202(warning)
