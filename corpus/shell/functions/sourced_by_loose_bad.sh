#!/bin/bash
# Sources a library with no option on: its pipeline masks the agent (RA101 in the library).
source "$(dirname "$0")/lib/loose.sh"

if run_summary; then
  echo "summarised"
fi
