#!/usr/bin/env bash
# Near misses for RA204: the status is captured in a condition context, or
# errexit is off where the agent runs.
set -euo pipefail

EXIT_CODE=0
timeout 1800 gptme --non-interactive "Work through TASKS.md" || EXIT_CODE=$?
if [ "$EXIT_CODE" -eq 124 ]; then
  echo "timed out"
fi

if gptme --non-interactive "Check the build"; then
  echo "build is fine"
else
  echo "agent reported a problem: $?"
fi

set +e
gptme --non-interactive "Clean up temporary branches"
cleanup_status=$?
set -e
if [ "$cleanup_status" -ne 0 ]; then
  echo "cleanup failed"
fi
