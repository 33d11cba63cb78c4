#!/usr/bin/env bash
# Near miss: the agent's own stage is read, so neither RA101 nor RA203 reports it.
set +e
printf '%s\n' "$PROMPT" | claude -p --output-format json | tee run.json
AGENT_RC=${PIPESTATUS[1]}
set -e
exit "$AGENT_RC"
