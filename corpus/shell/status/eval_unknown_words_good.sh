#!/bin/bash
# Near misses: the same `eval` whose status is read, and one whose words are all known
# and start a person's session in the terminal.
cd "$WORKDIR"
if ! eval "aider --model $MODEL $AIDER_ARGS"; then
  echo "aider failed" >&2
  exit 1
fi
eval "aider --model gpt-4o"
git push -u origin "$BRANCH_NAME"
