#!/usr/bin/env bash
# Near miss: the branch reads the agent's own status right after the pipeline.
if [ "${MODE:-text}" = json ]; then
  claude -p "$1" --output-format stream-json | node filter.js
  exit "${PIPESTATUS[0]}"
else
  claude -p "$1"
fi
