#!/usr/bin/env bash
# `$(find_agent)` holds the word the script's function prints: the agent, run again after
# any failure (RA302).
set -u

find_agent() {
  for candidate in "$HOME/.local/bin/claude" /usr/local/bin/claude; do
    if [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  echo "claude"  # on the PATH
}

AGENT="$(find_agent)"
while true; do  # expect: RA302(warning)
  $AGENT -p "Go on with the plan"
  status=$?
  if [ "$status" -eq 0 ]; then
    break
  fi
  echo "agent failed with $status, retrying in an hour" >&2
  sleep 3600
done
