#!/usr/bin/env bash
# Near misses for RA204: the status is captured in a condition context, or
# errexit is off where the agent runs.
set -euo pipefail

EXIT_CODE=0
timeout 1800 gptme --non-interactive "Work through TASKS.md" || EXIT_CODE=$?
if [ "$EXIT_CODE" -eq 124 ]; then
  echo "timed out"
fi

if gptme --non-interactive "Check the build"; then
  echo "build is fine"
else
  echo "agent reported a problem: $?"
fi

set +e
gptme --non-interactive "Clean up temporary branches"
cleanup_status=$?
set -e
if [ "$cleanup_status" -ne 0 ]; then
  echo "cleanup failed"
fi

# The run is the first operand of the `&&` list: its failure goes on to the read.
nap() {
  claude -p "Check the inbox" 2>&1 | tee -a nap.log && echo "checked"
  EXIT_CODE=${PIPESTATUS[0]}
  echo "claude exited $EXIT_CODE"
}
nap

# The subshell is a list's operand: its failure goes on to the status read.
triage_rc=0
(
  timeout 900 gemini --prompt "Triage the open issues" 2>&1 | tee -a triage.log
) || triage_rc=$?
if [ "$triage_rc" -eq 124 ]; then echo "triage timed out" >&2; fi

# The run ends each branch of an `if` that a function called as a condition holds:
# errexit is off there, and the read after the `fi` sees a failure.
apply_migration() {
  if [ -n "${FULL_AUTO:-}" ]; then
    codex exec --full-auto "Apply the migration plan"
  else
    codex exec "Apply the migration plan"
  fi
  migrate_rc=$?
  [ "$migrate_rc" -eq 0 ] || echo "migration failed: $migrate_rc" >&2
  return "$migrate_rc"
}
if ! apply_migration; then
  echo "rolling back" >&2
fi
