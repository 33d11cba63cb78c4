#!/usr/bin/env bash
# RA101 under errexit switched on with `set -e` (no pipefail): every pipeline
# outside a condition has its status used, so a failing non-final stage is
# silently replaced by the last stage's success. A masked agent stage is an
# error; only non-agent stages masked is a warning.
set -e

WORKDIR=${WORKDIR:-$HOME/agent-work}
LOG="$WORKDIR/logs/run-$(date +%Y%m%d-%H%M%S).log"
PROMPT_FILE="$WORKDIR/PROMPT.md"

mkdir -p "$(dirname "$LOG")"
cd "$WORKDIR"

# Put the newest open issue into the prompt.
curl -fsSL "https://api.github.com/repos/acme/widgets/issues?state=open" | jq -r '.[0].title' > .issue-title  # expect: RA101(warning)

gptme --non-interactive "$(cat "$PROMPT_FILE")" 2>&1 | tee -a "$LOG"  # expect: RA101(error)

# A pipeline split over several lines is reported at its first line.
gptme --non-interactive --model anthropic/claude-sonnet-4 "Summarise the changes in $WORKDIR" 2>&1 |  # expect: RA101(error)
  tee -a "$LOG" |
  grep -v '^DEBUG'

grep -h 'ERROR' logs/*.log | sort | uniq -c > logs/error-summary.txt  # expect: RA102(info)

echo "run finished: $LOG"
exit 0
