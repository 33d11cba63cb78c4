#!/usr/bin/env bash
# The loop ends the script through a function once the agent succeeds (`finish`
# always exits, as `exit` would), and otherwise waits and starts a fresh
# session: every failure re-runs the whole task from the start.
set -uo pipefail
finish() {
  echo "done: $1"
  rm -f .agent.lock
  exit 0
}
while true; do  # expect: RA302(warning)
  if codex exec --full-auto "Upgrade the dependencies and fix the build"; then
    finish "dependencies upgraded"
  fi
  echo "codex failed; retrying in 60s" >&2
  sleep 60
done
