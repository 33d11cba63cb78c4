#!/usr/bin/env bash
# Coprocesses are background jobs: bash keeps the pid in NAME_PID (COPROC_PID
# without a name). Under errexit `wait "$NAME_PID"` of a failing agent ends the
# script, so the `$?` read after it only sees success (RA204); a coprocess that
# nothing waits for loses the agent's status (RA203).
set -e

coproc REVIEW { claude -p "Review the diff" > review.md; }
echo "review started"
wait "${REVIEW_PID}"
review_rc=$?  # expect: RA204(error)
if [ "$review_rc" -ne 0 ]; then echo "review failed"; fi

coproc { gptme --non-interactive "Update the changelog"; }  # expect: RA203(warning)
echo "changelog agent running"
