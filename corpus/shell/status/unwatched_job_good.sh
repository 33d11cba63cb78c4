#!/usr/bin/env bash
# The script polls the pid it saved until the run ends, then examines its log.
PROMPT="$(cat prompts/check.md)"

opencode run "$PROMPT" > logs/check.log 2>&1 &
check_pid=$!
while kill -0 "$check_pid" 2>/dev/null; do
  sleep 10
done
if ! grep -q "ALL CHECKS PASSED" logs/check.log; then
  echo "the check failed" >&2
  exit 1
fi

# The script waits for the file the prompt asks the run to save, then moves it on.
OUT="/tmp/report_$$.md"
codex exec --full-auto "Review the diff. Save output to: ${OUT}" > /dev/null 2>&1 &
while [ ! -f "$OUT" ]; do
  sleep 1
done
mv "$OUT" reports/latest.md
