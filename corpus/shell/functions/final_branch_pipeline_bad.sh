#!/usr/bin/env bash
# A wrapper script: its exit status is what its caller (a loop, a unit) reads.
# The final if/else passes "last command of the script" into each branch, so a
# filter after the agent in one branch hides the agent's failure.
MODE=${MODE:-text}

if [ "$MODE" = json ]; then
  claude -p "$1" --output-format stream-json | node filter.js  # expect: RA101(error)
else
  claude -p "$1"
fi
