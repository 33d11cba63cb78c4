#!/bin/bash
# The agent runs only when asked, and the marker file its prompt may name is checked
# right after it, in the same branch: the run is judged by its output.
while true; do
  if [ -n "$RUN" ]; then
    claude -p "$(cat prompt.md)"
    [ -f .loop-complete ] && break
  fi
  sleep 10
done
