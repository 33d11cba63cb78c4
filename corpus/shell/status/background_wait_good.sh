#!/usr/bin/env bash
# Near misses: background agents whose status the script waits for and reads.
set -euo pipefail

claude -p "$TASK" &
pid=$!
rc=0
wait "$pid" || rc=$?
if [ "$rc" -ne 0 ]; then echo "agent failed"; fi

# errexit paused around the wait: the read sees the agent's status.
gptme --non-interactive "Write the docs" &
docs_pid=$!
set +e
wait "$docs_pid"
docs_rc=$?
set -e
if [ "$docs_rc" -eq 75 ]; then echo "rate limited"; fi

# pipefail changes nothing here: the status comes through `wait`.
gptme --non-interactive "Summarise" | tee summary.log &
summary_pid=$!
if ! wait "$summary_pid"; then echo "summary failed"; fi

# `wait $!` waits for the job started last.
aider --yes --message "Rename the helper" &
wait $! || echo "aider failed" >&2

# The job is started in either arm of an `if`; the pid saved after it is the one
# that ran, and its `wait` reads the status.
if command -v timeout >/dev/null; then
  timeout 600 claude -p "$TASK" </dev/null >agent.log 2>&1 &
else
  claude -p "$TASK" </dev/null >agent.log 2>&1 &
fi
either_pid=$!
wait "$either_pid" || either_rc=$?
echo "agent exited ${either_rc:-0}"

# Each run's pid has a `wait` of its own, whose status errexit reads.
set -e
codex exec "Sketch the architecture of $FEATURE" > arch.md 2>/dev/null &
arch_pid=$!
gemini -p "List the security risks of $FEATURE" > risks.md 2>/dev/null &
risks_pid=$!
wait "$arch_pid"
wait "$risks_pid"
set +e

# `wait -n a b` returns the status of whichever run ends first; errexit reads each.
set -e
claude -p "Write the changelog" > changelog.md &
log_pid=$!
codex exec "Bump the version" > bump.md &
bump_pid=$!
wait -n "$log_pid" "$bump_pid"
wait -n "$log_pid" "$bump_pid"
set +e

# A pid read back from a file and copied: the model cannot place it, so its `wait` may
# be the agent's.
claude -p "Summarise the incident" > incident.md &
child=$(cat agent.pid)
waited=$child
if ! wait "$waited"; then exit 1; fi
