#!/bin/bash
# Supervises the agent's tmux session, for agent-supervisor-trap.service; its ERR trap
# exits 1 when a command fails, so the script can fail and systemd restarts it.
set -uo pipefail
SESSION=agent
# shellcheck source=/dev/null
source "$HOME/.config/agent/env.sh"

trap 'tmux kill-session -t "$SESSION" 2>/dev/null; exit 1' ERR

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
