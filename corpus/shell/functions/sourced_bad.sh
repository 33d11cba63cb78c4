#!/bin/bash
# Functions of a sourced file are the sourcing script's functions.
set -e
source "$(dirname "${BASH_SOURCE[0]}")/lib/run_agent.sh"

run_agent claude -p "$TASK"
rc=$? # expect: RA204(error)
if [ "$rc" -eq 124 ]; then echo "timed out"; fi
