#!/usr/bin/env bash
# Near misses: the inner value is replaced before the outer `if` ends, or no value
# any arm gives runs an agent, or pipefail passes the status on.
set -e
if [[ -n "${REMOTE:-}" ]]; then
    if [[ -n "${FAST:-}" ]]; then
        AGENT="claude"
    fi
    AGENT="echo"
else
    AGENT="printf"
fi
$AGENT -p "Work on the next task in TODO.md" | tee -a agent.log

if [[ -n "${REVIEW:-}" ]]; then REVIEWER="cat"; else REVIEWER="echo"; fi
if [[ -n "${STRICT:-}" ]]; then CHOSEN=$REVIEWER; else CHOSEN="true"; fi
$CHOSEN -p "Review the last commit" | tee review.md

if [[ -n "${REVIEW:-}" ]]; then REVIEWER="gemini"; else REVIEWER="echo"; fi
if [[ -n "${STRICT:-}" ]]; then CHOSEN=$REVIEWER; else CHOSEN="cat"; fi
set -o pipefail
$CHOSEN -p "Review the last commit" | tee review.md
echo "done"
