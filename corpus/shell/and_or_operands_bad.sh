#!/usr/bin/env bash
# RA101 for a pipeline that is the left operand of `&&` or `||` (no errexit):
# the list branches on the pipeline's status, which is the last stage's.
# The `|| true` / `|| :` exemption is covered by or_true_exempt_good.sh.

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
ADMIN=${ADMIN:-ops@example.com}

# Last stage is `mail`, the only other stage is printf: nothing is masked.
notify() { printf '%s\n' "$1" | mail -s "agent runner" "$ADMIN"; }

gptme --non-interactive "Implement the next item in TASKS.md" 2>&1 | tee -a "$LOG" && git push origin HEAD  # expect: RA101(error)

gptme --non-interactive "Write the release notes" 2>&1 | tee -a "$LOG" || notify "agent run failed"  # expect: RA101(error)

# Three stages or more: bash still groups the whole pipeline before `&&`.
gptme --non-interactive "Fix the flaky test" 2>&1 | tee -a "$LOG" | grep -q "ALL TESTS PASS" && git push origin HEAD  # expect: RA101(error)

curl -fsS "$API/jobs" | jq -e '.items | length > 0' >/dev/null || { echo "no work queued"; exit 0; }  # expect: RA101(warning)

git diff --name-only HEAD~1 | grep '\.py$' > changed.txt && echo "python files changed"  # expect: RA102(info)

exit 0
