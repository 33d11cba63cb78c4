#!/usr/bin/env bash
# The near misses of before_run_bad.sh: each loop runs the agent again after a
# success too, or the program it runs is not known.
set -uo pipefail
PROMPT="Fix the failing tests in TODO.md"

# a `cd` before the run, and the loop goes round whatever the run did: a schedule
while true; do
  (cd "$WORKDIR" && claude -p "$PROMPT") >> run.log 2>&1
  rc=$?
  [ "$rc" -ne 0 ] && echo "claude exited $rc" >&2
  git push origin HEAD || true
  sleep 600
done

# a check before the run that skips the iteration, and no exit on success
for task in tasks/*.md; do
  [ -f "$task.done" ] && continue
  gemini -p "$(cat "$task")" > "$task.out" 2>&1 || echo "failed: $task" >&2
done

# `${BINARY-claude}` without a colon: BINARY is set (to what the config says, maybe
# empty), so the default never applies and the program is not known
BINARY="$(read_config binary)"
BINARY="${BINARY-claude}"
attempt=0
while [ "$attempt" -le 3 ]; do
  attempt=$((attempt + 1))
  "$BINARY" -p "$PROMPT" >> run.log 2>&1 && break
  sleep 5
done
