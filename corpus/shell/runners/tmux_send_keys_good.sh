#!/usr/bin/env bash
# Near misses for send-keys: keys that are not a command line (an interrupt, a
# line without Enter, text typed into an agent's own prompt), a typed agent
# whose status the typed line keeps, and a pane whose output the script reads.
set -u

tmux new-session -d -s work
tmux send-keys -t work C-c
tmux send-keys -t work "claude -p 'draft the notes'"
tmux send-keys -t work -l "gemini -p 'summarise'"
tmux send-keys -t work "gptme -n 'tidy the changelog' || echo FAILED >> status.txt" Enter
tmux send-keys -t work "aider --message 'rename the module' > aider.out 2>&1" Enter
sleep 600
tmux capture-pane -t work -p > pane.txt
grep -q 'Applied edit' pane.txt
