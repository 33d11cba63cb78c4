#!/bin/bash
# Near misses: `wait` returns the background agent's status and the script reads it, or
# the `wait` is the script's last command, so its status is the script's.
claude -p "Solve the benchmark in PROMPT.md" > /tmp/agent.log 2>&1 &
AGENT_PID=$!
while kill -0 "$AGENT_PID" 2>/dev/null; do
    sleep 2
done
if ! wait "$AGENT_PID"; then
    echo "the agent failed" >&2
    exit 1
fi

# The job is a subshell the run ends, and what `wait` returns for it is recorded.
(cd "$WORKDIR" && opencode run "Fix the lint errors") &
WORKER_PID=$!
EXIT_CODE=0
wait "$WORKER_PID" || EXIT_CODE=$?
echo "$EXIT_CODE" > worker.status

codex exec "Review the result" > /tmp/review.log 2>&1 &
wait $!
