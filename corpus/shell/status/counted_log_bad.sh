#!/usr/bin/env bash
# An hourly loop: the run's status is discarded and its log only counted and logged. A
# count shown is no examination: expired credentials spin the loop unseen.
while true; do
  claude -p "Work through the backlog" --output-format stream-json > session.jsonl 2>> runner.log || true  # expect: RA203(warning)
  events=$(wc -l < session.jsonl | tr -d ' ')
  bytes=$(wc -c < session.jsonl)
  echo "session complete: $events events, $bytes bytes" >> runner.log
  sleep 3600
done
