#!/usr/bin/env bash
# Near misses: the loop runs the agent until a check of its work passes, a few
# statements later in the iteration; the run is judged by that check.
TASK="Make the test suite pass"
TEST=${TEST:-"make test"}

tries=0
while [ "$tries" -lt 10 ]; do
  aider --yes -m "$TASK" src/
  tries=$((tries + 1))
  $TEST
  if [ $? -eq 0 ]; then
    break
  fi
done

for round in 1 2 3; do
  claude -p "$TASK"
  echo "round $round done"
  if pytest -q; then
    break
  fi
done
