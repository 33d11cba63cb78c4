#!/bin/bash
# Each run is judged by a check of its work whose status the next statement reads:
# the build that sent the loop to the agent runs again after it, and a failure ends
# the script; the tests after the second agent's run do the same outside a loop.
while true; do
  BUILD_OUTPUT=$(npm run build 2>&1)
  if echo "$BUILD_OUTPUT" | grep -q "Module not found"; then
    aider src --yes --message "Fix the module resolution errors"
    npm run build > build.log 2>&1
    if [ $? -ne 0 ]; then
      echo "still failing, stopping" >&2
      exit 1
    fi
  fi
  sleep 15
done
