#!/bin/bash -e
# RA101 with errexit coming from the shebang (`#!/bin/bash -e`), with no
# `set` line at all: pipelines outside conditions have their status used.

LOG=${LOG:-/var/log/agent/daily.log}
COUNT_FILE=/var/lib/agent/error-count
PROMPT="Go through the open TODO comments and fix the easy ones."

gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)

journalctl --user -u gptme-agent --since today | grep -c ERROR > "$COUNT_FILE"  # expect: RA102(info)

echo "daily run complete"
