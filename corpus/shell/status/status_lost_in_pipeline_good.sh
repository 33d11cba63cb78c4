#!/usr/bin/env bash
# Near misses for RA203 through a pipeline: the agent's stage is read through
# PIPESTATUS, or pipefail makes the pipeline's status the agent's and it is used.

gptme --non-interactive "Triage the open issues" 2>&1 | tee -a triage.log
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ]; then
  echo "triage failed ($rc)" >&2
  exit "$rc"
fi

set -o pipefail
claude -p "Summarise the week" | tee summary.md || exit 1
gptme --non-interactive "Watch the queue" | tee -a watch.log &
wait $!
