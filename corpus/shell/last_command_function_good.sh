#!/usr/bin/env bash
# Near misses for RA101 in functions (no errexit): a last pipeline whose
# non-final stages are trivial producers (`echo`, `printf`, `cat` of a
# here-doc), and pipelines that are not the last command of their function.
# The calls at the end ignore what the agent functions return: RA203.

LOG=${LOG:-agent.log}
WORKDIR=${WORKDIR:-$PWD}
WEBHOOK=${WEBHOOK:-https://hooks.example.com/agent}

log() { echo "[$(date -u +%FT%TZ)] $*" | tee -a "$LOG" >&2; }

notify() {
  printf '{"text": "%s"}' "$1" | curl -fsS -H 'Content-Type: application/json' -d @- "$WEBHOOK" >/dev/null
}

send_prompt() {
  cat <<EOF | gptme --non-interactive -
You are working in $WORKDIR.
$1
EOF
}

run_agent() {
  gptme --non-interactive "$1" 2>&1 | tee -a "$LOG"
  local rc=${PIPESTATUS[0]}
  log "agent exited with $rc"
  return "$rc"
}

summarise_errors() {
  grep -h 'ERROR' "$LOG" | sort | uniq -c > "$LOG.errors"
  log "error summary written to $LOG.errors"
}

send_prompt "List the modules without tests."  # expect: RA203(warning)
run_agent "Add tests for the first module in that list."  # expect: RA203(warning)
summarise_errors
notify "agent run finished"
exit 0
