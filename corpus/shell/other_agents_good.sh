#!/usr/bin/env bash
# Near misses: subcommands of agent CLIs that run no agent (a gateway, a listing, a
# sign-in status) piped or left in the background, and agent runs whose status is kept.
set -euo pipefail

openclaw gateway --port 18789 > gateway.log 2>&1 &
GATEWAY_PID=$!
trap 'kill "$GATEWAY_PID"' EXIT
openclaw channels list | grep -q telegram || echo "no telegram channel"
openclaw --profile ops gateway status | grep -q running || echo "gateway down"
cursor-agent status | grep -q "Logged in" || echo "not signed in"

rc=0
openclaw agent --local --session-id nightly --message "Summarise the inbox" || rc=$?
cursor-agent -p "Review the diff" > review.md || rc=$?
exit "$rc"
