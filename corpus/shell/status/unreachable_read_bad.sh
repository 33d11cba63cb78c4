#!/usr/bin/env bash
# RA204: under errexit, a `$?` read right after a plain agent command only
# ever sees success; the guards on it are dead code.
set -euo pipefail

timeout 1800 gptme --non-interactive "Work through TASKS.md"
EXIT_CODE=$?  # expect: RA204(error)
if [ "$EXIT_CODE" -eq 124 ]; then
  echo "timed out; the safety net commits partial work"
fi

run_agent() {
  gptme --non-interactive "$1"
}

run_agent "Update the docs"
echo "agent finished with $?"  # expect: RA204(error)

gptme --non-interactive "Summarise the run" | tee summary.log
echo "stage statuses: ${PIPESTATUS[*]}"  # expect: RA204(error)

# The run ends an `&&` list (its stage after `2>&1 |`): errexit still applies to it.
wake() {
  cd /srv/agent && claude -p "Check the inbox" 2>&1 | tee -a wake.log
  EXIT_CODE=${PIPESTATUS[0]}  # expect: RA204(error)
  echo "claude exited $EXIT_CODE"
}
wake

# the value is tested by a function defined above and called after the read: a dead guard
report_timeout() {
  if [ "$review_rc" -eq 124 ]; then echo "timed out" >&2; fi
}
timeout 600 claude -p "Review the release notes"
review_rc=$?  # expect: RA204(error)
report_timeout

# A subshell whose last statement is the pipeline: under pipefail its status is the
# agent's, so errexit ends the script at the subshell when the agent fails.
(
  timeout 900 gemini --prompt "Triage the open issues" 2>&1 | tee -a triage.log
)
triage_rc=$?  # expect: RA204(error)
if [ "$triage_rc" -eq 124 ]; then echo "triage timed out" >&2; fi

# The run ends each branch of an `if`: the read after the `fi` is as dead as one right
# after the run.
if [ -n "${FULL_AUTO:-}" ]; then
  codex exec --full-auto "Apply the migration plan"
else
  codex exec "Apply the migration plan"
fi
migrate_rc=$?  # expect: RA204(error)
if [ "$migrate_rc" -ne 0 ]; then echo "migration failed: $migrate_rc" >&2; fi
