#!/usr/bin/env bash
# RA101 for negated pipelines (`! a | b`): negation reads the pipeline's
# status, which is the last stage's. `if ! ...` is both negated and a
# condition (one finding). No errexit here.

LOG=${LOG:-agent.log}
PROMPT=${PROMPT:-"Fix the lint errors reported by ruff."}

if ! gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"; then  # expect: RA101(error)
  echo "agent run failed" >&2
fi

# Assert the agent left no conflict markers behind.
! git diff HEAD~1 | grep -q '^+<<<<<<<'  # not reported: the last stage stops reading early

echo "checked for conflict markers"
