#!/usr/bin/env bash
# RA204: the read feeds a log line or a branch that never sees a failure, even
# when it ends in an `exit` as well.
set -euo pipefail

timeout 1800 claude -p "Work through TASKS.md" </dev/null
EXIT_CODE=$?  # expect: RA204(error)
echo "agent finished (exit: $EXIT_CODE)" >> runs.log
exit "$EXIT_CODE"
