#!/usr/bin/env bash
# Near misses: subcommands of agent CLIs that run no agent (a gateway, a listing, a
# sign-in status; AWS's `copilot`) piped or left in the background, and agent runs whose
# status is kept.
set -euo pipefail

openclaw gateway --port 18789 > gateway.log 2>&1 &
GATEWAY_PID=$!
codex app-server --listen ws://127.0.0.1:4500 > app-server.log 2>&1 &
APP_SERVER_PID=$!
trap 'kill "$GATEWAY_PID" "$APP_SERVER_PID"' EXIT
openclaw channels list | grep -q telegram || echo "no telegram channel"
openclaw --profile ops gateway status | grep -q running || echo "gateway down"
cursor-agent status | grep -q "Logged in" || echo "not signed in"
copilot help | head -n 5
kiro-cli whoami | grep -q "Logged in" || echo "not signed in"
kimi info | head -n 3
qwen mcp list | grep -q github || echo "no github server"
qwen extensions list | head -n 5
amp usage | head -n 3
amp mcp list | grep -q github || echo "no github server"
# AWS's Copilot CLI, not GitHub's agent: its failure left to the next deploy is no agent run
copilot svc deploy --name api --env prod > deploy.log 2>&1 || true

rc=0
openclaw agent --local --session-id nightly --message "Summarise the inbox" || rc=$?
cursor-agent -p "Review the diff" > review.md || rc=$?
copilot -p "Summarise the failing tests" --allow-all-tools > summary.md || rc=$?
qwen -p "Explain the failing test" --approval-mode yolo > explain.md || rc=$?
kimi --quiet -p "Write the release notes" > notes.md || rc=$?
kiro-cli chat --no-interactive "Update the changelog" || rc=$?
amp -x "Fix the lint errors" --dangerously-allow-all || rc=$?
droid exec --auto low "Fix the typos in README.md" || rc=$?
exit "$rc"
