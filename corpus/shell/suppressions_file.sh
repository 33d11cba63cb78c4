#!/usr/bin/env bash
# File-level suppression: this helper's pipelines deliberately report only
# their last stage, so RA101 is switched off for the whole file.
# runaudit: ignore-file[RA101]
set -e

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}

gptme --non-interactive "Refresh the generated API client" 2>&1 | tee -a "$LOG"
curl -fsS "$API/stats" | jq '.' > stats.json
claude -p "Summarise stats.json" | tee summary.md
echo "stats refreshed"
