#!/usr/bin/env bash
# Near misses for send-keys: keys that are not a command line (an interrupt, a
# line without Enter, text typed into an agent's own prompt), a typed agent
# whose status the typed line keeps, and a pane whose output the script reads.
set -u
SOCKET=${1:?}
NAME=${2:?}
TASK_FILE=${3:?}

tmux new-session -d -s work
tmux send-keys -t work C-c
tmux send-keys -t work "claude -p 'draft the notes'"
tmux send-keys -t work -l "gemini -p 'summarise'"
tmux send-keys -t work "gptme -n 'tidy the changelog' || echo FAILED >> status.txt" Enter
tmux send-keys -t work "aider --message 'rename the module' > aider.out 2>&1" Enter
sleep 600
tmux capture-pane -t work -p > pane.txt
grep -q 'Applied edit' pane.txt

# A dispatcher that types a headless run into a pane another script started: the
# line is the last the pane's shell runs, and that shell keeps its status.
tmux -S "$SOCKET" send-keys -t "agent-$NAME" "claude --print \"Read $TASK_FILE and do it\"" Enter
echo "dispatched; watch it with: tmux -S $SOCKET capture-pane -p -t agent-$NAME"
