#!/usr/bin/env bash
# RA203 through a pipeline: `| tee` does not read the agent's status, and here
# nothing reads the pipeline's either (so it is not RA101's masked status).

gptme --non-interactive "Triage the open issues" 2>&1 | tee -a triage.log  # expect: RA203(warning)
echo "triage done"

claude -p "Summarise the week" | tee summary.md || true  # expect: RA203(warning)

gptme --non-interactive "Watch the queue" | tee -a watch.log &  # expect: RA203(warning)
echo "watcher started"
