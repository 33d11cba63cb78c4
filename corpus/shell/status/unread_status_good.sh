#!/usr/bin/env bash
# Near misses of unread_status_bad.sh: `|| exit_code=$?` keeps a status that nothing reads
# (it decides nothing, so `tee` winning it masks nothing: the run is judged by its output,
# examined for the failure markers); and under pipefail the variable that is read holds
# the agent's.
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
