#!/usr/bin/env bash
# RA101 follows pipefail as it is switched: on from `set -euo pipefail`,
# off again from `set +o pipefail` (a common trick around `| head`, which
# would otherwise fail with SIGPIPE) while errexit stays on, then back on.
set -euo pipefail

LOG=${LOG:-agent.log}
PROMPT=${PROMPT:-"Triage the newest crash reports in crashes/"}

gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"

set +o pipefail
first_error=$(grep -n 'ERROR' "$LOG" | head -n 1)  # not reported: the last stage stops reading early
claude -p "Explain this error: $first_error" | tee -a "$LOG"  # expect: RA101(error)
set -o pipefail

git diff --stat | tee -a "$LOG"
echo "triage done"
