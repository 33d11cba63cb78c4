#!/bin/bash
# Supervises a tmux session the agent runs in, for agent-supervisor.service: it
# never exits with a failure (its loop runs until systemd stops it, and its trap
# exits 0), so `Restart=on-failure` never restarts it for the agent's failure.
set -uo pipefail
SESSION=agent
# shellcheck source=/dev/null
source "$HOME/.config/agent/env.sh"

cleanup() {
    tmux kill-session -t "$SESSION" 2>/dev/null || true
    exit 0
}
trap cleanup TERM INT EXIT

start_session() {
    tmux new-session -d -s "$SESSION" -n agent
    tmux send-keys -t "$SESSION:agent" "claude --continue" Enter
}

start_session
while true; do
    sleep 15
    if ! tmux has-session -t "$SESSION" 2>/dev/null; then
        start_session
    fi
done
