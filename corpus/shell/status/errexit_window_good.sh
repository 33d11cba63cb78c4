#!/usr/bin/env bash
# Near misses for RA203: the agent runs inside an explicit `set +e … set -e`
# window, its status set aside on purpose, and the script judges the run by
# the output it reads afterwards (the log it wrote, the text it captured).
set -euo pipefail

LOG_DIR=${LOG_DIR:-/tmp/agent-logs}
diagnosis_log="${LOG_DIR}/diagnosis.txt"

diagnose() {
  local backend=$1 prompt=$2
  set +e
  case "$backend" in
    gptme)
      gptme --non-interactive "$prompt" > "${diagnosis_log}" 2>&1
      ;;
    claude)
      env -u CLAUDECODE claude -p "$prompt" > "$diagnosis_log" 2>&1
      ;;
  esac
  set -e
  cat "$diagnosis_log" >&2
  python3 parse_diagnosis.py "${diagnosis_log}" || echo "unknown"
}

diagnose gptme "Why do the evals keep failing?"

set +e
summary=$(claude -p "Summarise today's runs in one line")
set -e
if [[ "$summary" == *FAILED* ]]; then
  echo "a run failed today: $summary" >&2
fi

set +e
gptme --non-interactive "Draft the release notes" 2>&1 | tee notes.md
set -e
grep -q '^## ' notes.md || echo "release notes look empty" >&2
