#!/bin/bash
# `$?` after a command that checks nothing the run did (a push), after a build that
# never ran before the agent (nothing it was to fix), and after tests whose failure
# only says so: each run's status is still lost.
while true; do
  claude -p "Work on the next task"  # expect: RA203(warning)
  git push origin HEAD
  if [ $? -ne 0 ]; then
    exit 1
  fi
  codex exec "Tidy the code"  # expect: RA203(warning)
  npm run build
  if [ $? -ne 0 ]; then
    exit 1
  fi
  aider --yes -m "Fix the failing tests"  # expect: RA203(warning)
  pytest -q
  if [ $? -ne 0 ]; then
    echo "the tests still fail"
  fi
  sleep 60
done
