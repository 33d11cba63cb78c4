#!/bin/bash
# RA203: a test of a file is no check of the work. The loop runs the agent while the
# lock file is missing, and nothing judges what each run did.
for round in 1 2 3; do
  if ! [ -f .lock ]; then
    claude -p "Tidy the README" > /dev/null 2>&1 || true  # expect: RA203(warning)
  fi
  sleep 60
done
