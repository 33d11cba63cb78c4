#!/usr/bin/env bash
# Near misses of RA203's unread `rc=$?`: the kept status is read later (also
# far from the run), errexit decides on the run before the assignment, and a
# function nothing in this script calls keeps it in a global its callers,
# out of sight, read (a library's `run_agent`, "sets EXIT_CODE").

run_agent() {
  gemini -p "$1" > "$2" 2>&1
  AGENT_EXIT=$?
}

claude -p "Implement the next task in TODO.md" > run.log 2>&1
EXIT_CODE=$?
echo "session finished"
if [ "$EXIT_CODE" -ne 0 ]; then
  echo "claude failed with $EXIT_CODE" >&2
  exit "$EXIT_CODE"
fi

set -e
codex exec "Review the diff" > review.log 2>&1
review_rc=$?
echo "review done"
