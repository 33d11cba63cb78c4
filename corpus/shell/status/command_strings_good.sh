#!/usr/bin/env bash
# Near misses: the same command strings whose runs give their status to the
# script (a condition, `|| rc=$?`), a string whose agent is not its last
# command (`; echo done` returns echo's status), and a string that only
# prints the command.
set -e
AGENT_CMD="claude -p --dangerously-skip-permissions"
REVIEW="gptme --non-interactive 'Review the diff'"

if ! bash -c "cd \"$WORKDIR\" && $AGENT_CMD 'Pick the next task'"; then
    echo "agent failed" >&2
    exit 1
fi
script -q -e -c "$AGENT_CMD 'Update the changelog'" /dev/null || echo "changelog run failed" >&2
rc=0
eval "$REVIEW" || rc=$?
echo "review exit: $rc"
bash -c "echo would run: $AGENT_CMD"

# The same escaped strings, their runs' statuses read: `script -e` returns the run's.
script -qec "claude -p \"\$(cat '$PROMPT_FILE')\" --output-format json" "$LOG" > /dev/null &
pid=$!
if ! wait "$pid"; then
    echo "review failed" >&2
    exit 1
fi
bash -c "cd \"$WORKDIR\" && claude -p \"\$(cat fix.md)\"" || { echo "fix failed" >&2; exit 1; }

# The remote runs' statuses read; a login without a command, and a remote `echo`.
rc=0
ssh -o BatchMode=yes "$REMOTE_HOST" "cd /srv/app && claude -p 'Review the deploy'" || rc=$?
[ "$rc" -eq 0 ] || { echo "remote review failed: $rc" >&2; exit 1; }
ssh -t "$REMOTE_HOST"
ssh "$REMOTE_HOST" "echo would run claude -p"
# ssh exits 255 when it fails itself: a guard on 255 can fire
rc=0
ssh -o ConnectTimeout=10 "$REMOTE_HOST" "gptme --non-interactive 'Rotate the logs'" || rc=$?
if [ "$rc" -eq 255 ]; then echo "could not reach $REMOTE_HOST" >&2; exit 1; fi
