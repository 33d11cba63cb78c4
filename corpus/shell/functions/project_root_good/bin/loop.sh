#!/usr/bin/env bash
# Near miss: the same library from the project's root; the status is captured where the
# run fails (`|| status=$?`), so the exit code is the generator's.
source "$APP_HOME/lib/generator.sh"

for card in cards/*.md; do
  status=0
  run_generator "$card" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "generator failed on $card (exit $status)" >&2
    exit "$status"
  fi
done
