#!/usr/bin/env bash
# Near miss: the same command string over several lines, whose own first line sets
# pipefail and whose loop stops when the run fails: its lines are commands of their own,
# and the status is read.
SESSION_NAME="agent-loop"
tmux new-session -d -s "$SESSION_NAME" "
    set -o pipefail
    while true; do
        echo \"[\$(date '+%H:%M')] running\"
        claude -p 'next task' | tee -a agent.log || break
        sleep 300
    done
"
