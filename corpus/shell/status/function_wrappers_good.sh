#!/usr/bin/env bash
# Near misses for RA202: functions that run the agent under `timeout` (directly, or
# through a pass-through helper that picks `timeout` or `gtimeout`) exit 124 when it
# times out, so a guard on 124 after a call of them can fire.
set -u

_timeout() {
  local secs="$1"; shift
  if command -v timeout > /dev/null; then
    timeout "$secs" "$@"
  else
    gtimeout "$secs" "$@"
  fi
}

run_gemini() {
  _timeout 600 gemini -p "$PROMPT" --output-format json
}

run_gptme() {
  timeout 900 gptme --non-interactive "$PROMPT"
}

output=$(run_gemini 2>&1)
rc=$?
if (( rc == 124 )); then echo "gemini timed out"; fi

run_gptme
status=$?
if [ "$status" -eq 124 ]; then echo "gptme timed out"; fi
