#!/usr/bin/env bash
# Near misses of unread_status_bad.sh: a run whose status goes to a variable nothing
# reads is judged by its output, which is examined for the failure markers; and a
# pipeline under pipefail hands the agent's status to a variable that is read.
exit_code=0
output=$(claude -p "$(cat PROMPT.md)" 2>&1 | tee /dev/stderr) || exit_code=$?
if grep -qE "rate limit|overloaded|Error:" <<< "$output"; then
  echo "the agent failed" >&2
  exit 1
fi

set -o pipefail
status=0
notes=$(codex exec "write release notes" | tee notes.log) || status=$?
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
