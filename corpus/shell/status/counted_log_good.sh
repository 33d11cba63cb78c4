#!/usr/bin/env bash
# A near miss: the count decides something: an empty log stops the loop.
while true; do
  claude -p "Work through the backlog" --output-format stream-json > session.jsonl 2>> runner.log || true
  if [ "$(wc -l < session.jsonl)" -lt 2 ]; then
    echo "the session wrote nothing: stopping" >&2
    exit 1
  fi
  sleep 3600
done
