#!/usr/bin/env bash
# RA101 and subshell scope: `( set -o pipefail; ... )` applies inside the
# subshell only and does not leak to the code after it. A subshell without
# pipefail inherits errexit from the script.
set -e

WORKDIR=${WORKDIR:-$HOME/agent-work}
LOG=${LOG:-$WORKDIR/agent.log}
API=${API:-https://queue.example.com/api}
PROMPT=${PROMPT:-"Fix the broken links in docs/"}

(
  set -o pipefail
  cd "$WORKDIR"
  gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"
)

# pipefail from the subshell above is not in effect here.
gptme --non-interactive "Summarise today's work in WORKLOG.md" 2>&1 | tee -a "$LOG"  # expect: RA101(error)

( set -o pipefail; curl -fsS "$API/status" | jq -e '.ok' >/dev/null )
curl -fsS "$API/metrics" | jq '.' > metrics.json  # expect: RA101(warning)

(
  cd "$WORKDIR" || exit 1
  git log --oneline -n 5 | tee -a "$LOG"  # expect: RA102(info)
)

echo "done"
