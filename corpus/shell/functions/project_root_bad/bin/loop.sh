#!/usr/bin/env bash
# RA203: the library is sourced from the project's root, set at run time
# (`$APP_HOME/lib/generator.sh`): read from the nearest folder above that holds
# `lib/generator.sh`. Inside `if ! run_generator …; then`, `$?` is the negation's, 0.
source "$APP_HOME/lib/generator.sh"

for card in cards/*.md; do
  if ! run_generator "$card"; then
    status=$?  # expect: RA203(warning)
    echo "generator failed on $card (exit $status)" >&2
    exit "$status"
  fi
done
