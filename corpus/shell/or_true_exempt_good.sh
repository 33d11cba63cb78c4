#!/usr/bin/env bash
# Near misses for RA101: a pipeline followed by `|| true` or `|| :` has its
# status discarded on purpose, so RA101 reports nothing, even under errexit (the
# agent's discarded status is RA203's finding).
set -e

STATUS_URL=${STATUS_URL:-https://status.example.com/api/v2/status.json}

grep -rh 'TODO' src/ | sort -u > todo.txt || true
curl -fsS "$STATUS_URL" | jq -r '.status.description' > provider-status.txt || :
git log --format='%h %s' -n 20 | grep -i 'agent' > agent-commits.txt || true
gptme --non-interactive "Summarise the log" 2>&1 | tee summary.log | tail -n 5 || true  # expect: RA203(warning)

echo "collected TODOs, provider status and agent commits"
