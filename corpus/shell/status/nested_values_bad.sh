#!/usr/bin/env bash
# A value set in an inner `if` stays one of the variable's values through every arm
# around it, and through a copy made in another `if`: the agent chosen two branches
# deep still runs in the pipeline, which loses its status.
set -e
if [[ -n "${REMOTE:-}" ]]; then
    if [[ -n "${FAST:-}" ]]; then
        AGENT="claude"
    else
        AGENT="true"
    fi
else
    AGENT="echo"
fi
$AGENT -p "Work on the next task in TODO.md" | tee -a agent.log  # expect: RA101(error)

if [[ -n "${REVIEW:-}" ]]; then REVIEWER="gemini"; else REVIEWER="echo"; fi
if [[ -n "${STRICT:-}" ]]; then CHOSEN=$REVIEWER; else CHOSEN="cat"; fi
$CHOSEN -p "Review the last commit" | tee review.md  # expect: RA101(error)
echo "done"
