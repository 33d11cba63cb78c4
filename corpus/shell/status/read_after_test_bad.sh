#!/usr/bin/env bash
# RA203: the `else` branch of an `if` that tests `$?` reads `$?` again: by then it is the
# status of the test (`[ $? -eq 143 ]` failing: 1), never the agent's, so the failure
# logged is always 1.
timeout 3600 claude -p "Work on the next task" >> claude.log 2>&1
if [ $? -eq 0 ] || [ $? -eq 124 ]; then
  echo "cycle done"
else
  rc=$?  # expect: RA203(warning)
  echo "claude failed with exit code $rc" >&2
fi
