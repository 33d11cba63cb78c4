#!/bin/bash
# RA101 follows errexit as the script switches it: `set -xe` (clustered
# flags) turns it on, `set +e` turns it off for a best-effort section where
# the pipelines' status is unused (no RA101; the agent's unread status is RA203's),
# and `set -e` turns it back on.
set -xe

git fetch --quiet origin
git log --oneline origin/main -n 20 | grep -v 'Merge' > recent.txt  # expect: RA102(info)

set +e
# Best-effort section: failures here are tolerated on purpose.
gptme --non-interactive "Tidy up CHANGELOG.md" 2>&1 | tee -a agent.log  # expect: RA203(warning)
curl -fsS "${METRICS_URL:-http://localhost:9100/metrics}" | grep '^agent_' > metrics.txt
set -e

claude -p "Review recent.txt and list risky commits" | tee review.md  # expect: RA101(error)
echo "review written"
