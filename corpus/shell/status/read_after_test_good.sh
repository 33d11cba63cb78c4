#!/usr/bin/env bash
# Near misses: the agent's status kept before it is tested, and a failure branch that
# reads no `$?` of its own.
timeout 3600 claude -p "Work on the next task" >> claude.log 2>&1
rc=$?
if [ "$rc" -eq 0 ] || [ "$rc" -eq 124 ]; then
  echo "cycle done"
else
  echo "claude failed with exit code $rc" >&2
fi

codex exec "Review the last commit" > review.txt
if [ $? -eq 0 ]; then
  echo "review done"
else
  echo "codex review failed" >&2
  exit 1
fi
