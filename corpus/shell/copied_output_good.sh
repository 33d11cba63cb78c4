#!/bin/bash
# Near miss: the same run, judged by its log: the script stops unless the agent
# wrote its completion marker there.
mkdir -p artifacts
gptme --non-interactive "$(cat TASK.md)" 2>&1 | tee run.log || true
if [ -f run.log ]; then
  cp run.log artifacts/run.log
fi
if ! grep -q "TASK COMPLETE" run.log; then
  echo "the run did not finish its task" >&2
  exit 1
fi
