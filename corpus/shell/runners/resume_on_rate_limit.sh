#!/usr/bin/env bash
# Runs one named gptme session and resumes it when the provider rate-limits
# it (gptme exits 75, EX_TEMPFAIL), with exponential backoff and a bounded
# number of resumes. The agent's status is read from PIPESTATUS right after
# the tee'd run (near miss); a status-page helper whose last command is a
# pipeline is an RA101 finding. No errexit.
set -u

SESSION=${SESSION:-nightly-refactor-$(date +%Y%m%d)}
LOG_DIR=${LOG_DIR:-$HOME/.cache/agent-runs}
LOG="$LOG_DIR/$SESSION.log"
MAX_RESUMES=${MAX_RESUMES:-5}
BACKOFF=${BACKOFF:-60}
STEP_TIMEOUT=${STEP_TIMEOUT:-3600}
STATUS_URL=${STATUS_URL:-https://status.example.com/api/v2/status.json}
WEBHOOK=${WEBHOOK:-}

mkdir -p "$LOG_DIR"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

notify() {
  [[ -n "$WEBHOOK" ]] || return 0
  printf '{"text": "%s"}' "$1" | curl -fsS -X POST -H 'Content-Type: application/json' -d @- "$WEBHOOK" >/dev/null
}

provider_degraded() {
  curl -fsS "$STATUS_URL" | jq -e '.status.indicator != "none"' >/dev/null  # expect: RA101(warning)
}

if provider_degraded; then
  log "provider reports degraded service; starting anyway"
fi

prompt=$(cat <<'EOF'
Continue the refactoring described in REFACTOR.md.
Commit after each completed step.
EOF
)

for (( attempt = 0; attempt <= MAX_RESUMES; attempt++ )); do
  if (( attempt == 0 )); then
    args=(--non-interactive --name "$SESSION" "$prompt")
  else
    args=(--non-interactive --name "$SESSION" "Continue where you left off.")
  fi

  timeout "$STEP_TIMEOUT" gptme "${args[@]}" 2>&1 | tee -a "$LOG"
  rc=${PIPESTATUS[0]}

  case $rc in
    0)
      log "session $SESSION finished"
      notify "agent session $SESSION finished"
      exit 0
      ;;
    75)
      wait_s=$(( BACKOFF * (2 ** attempt) ))
      log "rate limited (exit 75); resuming in ${wait_s}s"
      sleep "$wait_s"
      ;;
    124)
      log "timed out after ${STEP_TIMEOUT}s"
      notify "agent session $SESSION timed out"
      exit 124
      ;;
    *)
      log "gptme failed with exit $rc"
      notify "agent session $SESSION failed ($rc)"
      exit "$rc"
      ;;
  esac
done

log "still rate limited after $MAX_RESUMES resumes; giving up"
grep -c 'rate limit' "$LOG" | xargs printf 'rate-limit lines in the log: %s\n' >&2
exit 75
