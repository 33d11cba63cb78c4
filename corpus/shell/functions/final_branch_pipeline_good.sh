#!/usr/bin/env bash
# Near misses: pipefail on, or the status read where the pipeline runs.
set -o pipefail
MODE=${MODE:-text}

if [ "$MODE" = json ]; then
  claude -p "$1" --output-format stream-json | node filter.js
else
  claude -p "$1"
fi
