#!/bin/bash
# Near miss: sourced by ../notes.sh, which has errexit and pipefail. Its guard only
# refuses a direct run, so it never runs without the sourcer's options.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "steps.sh is a library: source it" >&2
  exit 1
fi

# The pipeline returns claude's status (pipefail).
condense() {
  claude -p "$1" --output-format stream-json | jq -r 'select(.type == "result").result'
}

# Called by no sourcer seen: under their errexit a failed run ends the script.
polish() {
  claude -p "$1" >/dev/null
  echo "polished"
}
