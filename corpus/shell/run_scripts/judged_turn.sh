#!/usr/bin/env bash
# One turn judged by its output: the script exits with its own verdict (0 when the agent
# printed the marker, 3 when not), never with the agent's status.
out=$(claude -p "$(cat PROMPT.md)" || true)
if grep -q DONE <<<"$out"; then
  exit 0
fi
exit 3
