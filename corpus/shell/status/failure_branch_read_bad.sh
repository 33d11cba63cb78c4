#!/usr/bin/env bash
# RA203: a `$?` read in the branch that runs when the agent failed, where `$?`
# can no longer be the agent's: after a command that always succeeds, or first
# in `if ! …; then` (the negation's status), also when the agent is the first
# stage of a pipeline (without pipefail, RA101 reports the masking as well).
set -o pipefail

if cat PROMPT.md | codex exec - 2>&1 | tee run.log; then
  echo "codex finished"
else
  if [ -n "${WATCH_PID:-}" ]; then
    kill "$WATCH_PID" 2>/dev/null || true
    wait "$WATCH_PID" 2>/dev/null || true
  fi
  CODEX_EXIT=$?  # expect: RA203(warning)
  echo "codex failed (exit code: $CODEX_EXIT)" >&2
fi

if gemini -p "Summarise the changes" > summary.md; then
  echo "summarised"
else
  local_note="summary failed"
  rc=$?  # expect: RA203(warning)
  echo "$local_note: $rc" >&2
fi

# The prompt piped in, and the pipeline's output redirected: the redirect holds the whole
# negated pipeline, and `$?` in the branch is still the negation's.
set -o pipefail
run_fresh() {
  local rc=0
  if ! echo "$1" | claude --print -p - 2>&1; then
    rc=$?  # expect: RA203(warning)
  fi
  [ "$rc" -eq 0 ] || echo "claude failed with $rc" >&2
}
run_fresh "Fix the failing tests"

set +o pipefail
run_turn() {
  if ! claude -p "$1" 2>&1 | tee -a turns.log | tee last.txt; then  # expect: RA101(error)
    echo "claude failed with exit code $?" >&2  # expect: RA203(warning)
    return 1
  fi
  return 0
}
run_turn "Fix the failing tests"


# `PIPESTATUS` in the failure branch at the prompt's stage, not the agent's: `printf`'s
# status, 0, pipefail or not.
set -o pipefail
if ! printf '%s\n' "$PROMPT" | codex exec --full-auto - > codex.log 2>&1; then
  CODEX_EXIT=${PIPESTATUS[0]}  # expect: RA203(warning)
  echo "codex failed with $CODEX_EXIT" >&2
  exit "$CODEX_EXIT"
fi

# `$?` shown after another command of the branch: that command's status.
set -o pipefail
while read -r task; do
  if claude -p "$task" > "logs/$task.log" 2>&1; then
    record_task "$task" done
  else
    record_task "$task" failed
    echo "task failed (exit code: $?)" >&2  # expect: RA203(warning)
  fi
done < tasks.txt
