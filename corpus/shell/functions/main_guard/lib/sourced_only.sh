#!/bin/bash
# Near miss: only ever sourced by ../loop.sh, which has pipefail: the pipeline returns
# the run's status.
review() {
  codex exec --json "$1" | jq -r '.item.text // empty'
}
