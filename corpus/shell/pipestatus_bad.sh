#!/usr/bin/env bash
# RA101 when PIPESTATUS is read but does not cover every stage that can fail:
# the wrong index (stage 0 is `echo`, gptme is stage 1 of 3), a read that
# leaves `cat FILE` (stage 0) unchecked, and a read that comes too late.
set -e

LOG=${LOG:-agent.log}
PROMPT=${PROMPT:-"Write docstrings for src/widgets/core.py"}
PROMPT_FILE=${PROMPT_FILE:-PROMPT.md}

echo "$PROMPT" | gptme --non-interactive - | tee -a "$LOG"  # expect: RA101(error)
rc=${PIPESTATUS[0]}
echo "stage 0 exited with $rc"

cat "$PROMPT_FILE" | gptme --non-interactive - | tee -a "$LOG"  # expect: RA102(info)
rc=${PIPESTATUS[1]}
echo "gptme exited with $rc"

gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
sleep 1
rc=${PIPESTATUS[0]}
echo "too late: $rc is the status of sleep"
