#!/bin/bash
# RA203: the run's status is dropped, and the only later use of its log is a copy
# kept when the log exists (tee always makes it): nothing judges the run.
mkdir -p artifacts
gptme --non-interactive "$(cat TASK.md)" 2>&1 | tee run.log || true  # expect: RA203(warning)
if [ -f run.log ]; then
  cp run.log artifacts/run.log
fi
echo "run finished"
