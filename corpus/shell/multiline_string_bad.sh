#!/usr/bin/env bash
# A command string written over several lines, for tmux to run: its lines are separate
# commands (the newlines are part of the string), and its loop loses the agent's status.
SESSION_NAME="agent-loop"
tmux new-session -d -s "$SESSION_NAME" "
    while true; do
        echo \"[\$(date '+%H:%M')] running\"
        claude -p 'next task' | tee -a agent.log  # expect: RA203(warning)
        sleep 300
    done
"
