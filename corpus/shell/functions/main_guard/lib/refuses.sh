#!/bin/bash
# Sourced by ../loop.sh, which has pipefail. Its guard only refuses a direct run, so
# it never runs without the sourcer's options: the pipeline's status is claude's.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "refuses.sh is a library: source it" >&2
  exit 1
fi

summarise() {
  claude -p "$1" --output-format stream-json | jq -r 'select(.type == "result").result'
}
