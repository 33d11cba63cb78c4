#!/usr/bin/env bash
# Near misses: the same choices where no value runs an agent, where the key is
# literal (the element read is the one written there), where the later value
# replaces the earlier one on every path, and where pipefail passes the status on.
set -e
declare -A TOOLS=([lint]="ruff check" [format]="ruff format")
${TOOLS[$STEP]} . | tee lint.log  # expect: RA102(info)

declare -A AGENT_CMD=([claude]="claude -p" [dry-run]="echo would run")
${AGENT_CMD[dry-run]} "Work on the next task" | tee -a agent.log

RUNNER="claude -p"
RUNNER="echo skipped:"
$RUNNER "Work on the next task" | tee -a agent.log

case "$REVIEWER" in
    gemini) REVIEW="gemini -p" ;;
    *) REVIEW="claude -p" ;;
esac
set -o pipefail
$REVIEW "Review the last commit" | tee review.md
echo "done"
