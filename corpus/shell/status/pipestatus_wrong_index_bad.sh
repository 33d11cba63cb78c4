#!/usr/bin/env bash
# One defect, one finding: the script reads `${PIPESTATUS[0]}`, the prompt's
# `printf`, while the agent is stage 1. The loss is RA101's finding (the message
# names the index that holds the agent); RA203 does not report it again.
set +e
printf '%s\n' "$PROMPT" | claude -p --output-format json | tee run.json  # expect: RA101(error)
AGENT_RC=${PIPESTATUS[0]}
set -e
exit "$AGENT_RC"
