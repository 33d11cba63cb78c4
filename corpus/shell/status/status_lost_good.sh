#!/usr/bin/env bash
# Near misses for RA203: every agent status is read or decides something.

if ! gptme --non-interactive "Fix lint errors"; then
  echo "agent failed" >&2
  exit 1
fi

gptme --non-interactive "Write release notes" && git add NOTES.md

gptme --non-interactive "Warm the cache" &
wait $! || echo "warming failed" >&2

claude -p "Summarise the day"
status=$?
echo "claude exited $status"

# Under pipefail, errexit paused: the agent's own PIPESTATUS entry is read.
set -o pipefail
set +e
claude -p "Draft the changelog" | tee changelog.log
CLAUDE_RC=${PIPESTATUS[0]}
set -e
if [[ $CLAUDE_RC -ne 0 ]]; then
  echo "claude failed (exit=$CLAUDE_RC)"
fi

# Listing sessions starts no agent session (opencode's `session` subcommand).
set -- --session "$(opencode session list 2>/dev/null | awk -v t="$TITLE" '$2 == t { print $1; exit }')"
echo "resuming session $2"

codex exec "Tidy imports"
