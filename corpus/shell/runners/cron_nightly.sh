#!/bin/bash
# Nightly cron job (crontab: 15 3 * * * /opt/agent/cron_nightly.sh): refreshes
# the checkout, lets the agent triage new issues under a lock, and mails a
# digest. Errexit without pipefail: the flock/timeout-wrapped agent run and
# the issue/digest pipelines are RA101 findings; a printf-fed `mail`, a
# documented suppression and a `read <<EOF || true` are near misses.
set -o errexit
set -o nounset

AGENT_HOME=/opt/agent
LOCKFILE=/tmp/agent-nightly.lock
LOG="$AGENT_HOME/logs/nightly-$(date +%F).log"
TRIAGE_LOG="$AGENT_HOME/logs/triage.log"
RECIPIENTS=(ops@example.com dev-leads@example.com)
export PATH="$HOME/.local/bin:$PATH"

exec >>"$LOG" 2>&1
echo "=== nightly run $(date -Is) ==="

cd "$AGENT_HOME/checkout"
git fetch --quiet origin
git reset --hard origin/main

new_issues=$(gh issue list --label triage --json number,title --limit 20 | jq -r '.[] | "#\(.number) \(.title)"')  # expect: RA102(info)
if [[ -z "$new_issues" ]]; then
  echo "nothing to triage"
  exit 0
fi

issue_count=$(printf '%s\n' "$new_issues" | wc -l)
if (( issue_count > 10 )); then
  echo "large batch: $issue_count issues"
fi

read -r -d '' TRIAGE_PROMPT <<EOF || true
Triage these GitHub issues. For each one, add labels and a short comment.
Do not close anything.

$new_issues
EOF

flock -n "$LOCKFILE" timeout 5400 gptme --non-interactive "$TRIAGE_PROMPT" 2>&1 | tee -a "$TRIAGE_LOG"  # expect: RA101(error)

# runaudit: ignore[RA102] informational only; a failing df must not stop the digest
df -h "$AGENT_HOME" | tail -n 1

digest=$(git log --since=yesterday --oneline | head -n 50)  # not reported: the last stage stops reading early
printf 'Nightly agent digest for %s\n\n%s\n' "$(date +%F)" "$digest" | mail -s "agent nightly $(date +%F)" "${RECIPIENTS[@]}"

echo "=== done ==="
