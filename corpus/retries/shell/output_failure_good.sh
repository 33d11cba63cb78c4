#!/usr/bin/env bash
# Tests of an agent's output that do not re-run it because it failed.
set -uo pipefail

LOG=run.log

# A failure in the output ends the loop: not a retry.
while true; do
    claude -p "Implement the next task in TODO.md" | tee "$LOG" || true
    if grep -q "error" "$LOG"; then
        echo "the run failed; stopping" >&2
        break
    fi
    sleep 600
done

# The CLI's failure marker as it is (`API Error`, any API failure) ends the loop.
while true; do
    claude -p "Implement the next task in TODO.md" | tee "$LOG" || true
    if grep -q "LOOP_COMPLETE" "$LOG"; then
        exit 0
    fi
    if grep -q "API Error" "$LOG"; then
        exit 1
    fi
    sleep 600
done

# A readiness probe: a prompt that asks only for a reply starts no work to repeat.
while true; do
    sleep 300
    answer=$(claude -p "Say OK" 2>&1) || true
    if echo "$answer" | grep -qiE "API Error|unable to connect"; then
        echo "still unavailable"
    else
        break
    fi
done

# The same probe through a function, its prompt after `-p` (a flag that takes no value)
# and another option: the loop retries no work.
verify_auth() {
    timeout 30 claude -p --output-format json "Say OK" &>/dev/null
}
tries=0
while ! verify_auth; do
    tries=$((tries + 1))
    [[ $tries -ge 3 ]] && exit 1
    sleep 60
done

# `opencode serve` starts a server, not an agent session: trying the next port is no
# respawn of the agent.
port=4096
attempts=0
while [[ $attempts -lt 10 ]]; do
    opencode serve --port "$port" > server.log 2>&1 &
    sleep 5
    if ! grep -q "Failed to start server" server.log; then
        break
    fi
    port=$((port + 1))
    attempts=$((attempts + 1))
done

# `claude auth status` asks whether the CLI is signed in: trying it again after a timeout
# starts no agent session.
for (( try=1; try<=3; try++ )); do
    auth_rc=0
    auth=$(timeout 15 bash -c 'CLAUDECODE="" claude auth status --json 2>&1') || auth_rc=$?
    if [[ "$auth_rc" -eq 124 ]]; then
        sleep 5
        continue
    fi
    echo "$auth"
    break
done

# "FAILED" is the tests' marker in the run's log, not the run failing: a bounded loop
# that stops on a marker in the agent's output (a Ralph loop).
for i in 1 2 3 4 5; do
    gptme --non-interactive "make the test suite pass" > agent.log 2>&1
    if grep -q "FAILED" agent.log; then continue; fi
    break
done
