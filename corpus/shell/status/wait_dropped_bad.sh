#!/bin/bash
# The agent runs in the background while the script samples its memory; the script waits
# for it at the end but never reads what `wait` returns, so a failed run reads as done.
claude -p "Solve the benchmark in PROMPT.md" > /tmp/agent.log 2>&1 &  # expect: RA203(warning)
AGENT_PID=$!
while kill -0 "$AGENT_PID" 2>/dev/null; do
    ps -o rss= -p "$AGENT_PID" >> memory.csv
    sleep 2
done
wait "$AGENT_PID" 2>/dev/null
echo "=== Agent output ==="
cat /tmp/agent.log

# The job is a subshell the run ends; its `wait` is thrown away by `|| true`, so the `$?`
# recorded after it is always 0 (reported at that read, the run related).
(cd "$WORKDIR" && opencode run "Fix the lint errors") &
WORKER_PID=$!
wait "$WORKER_PID" || true
EXIT_CODE=$?  # expect: RA203(warning)
echo "$EXIT_CODE" > worker.status
