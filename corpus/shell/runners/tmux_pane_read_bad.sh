#!/usr/bin/env bash
# RA203 in tmux panes: the script reads the output of another session's pane,
# or reads a pane only before it starts the agent, so nothing judges the run.
set -u

tmux new-session -d -s watcher "tail -F agent.log"
tmux new-session -d -s worker "gptme --non-interactive 'Work through TASKS.md'; sleep 5"  # expect: RA203(warning)
tmux capture-pane -t watcher -p | tail -n 20

tmux capture-pane -t nightly -p > before.txt
tmux new-window -t nightly "claude -p 'Summarise the day' > summary.md; echo finished"  # expect: RA203(warning)

# send-keys types a command line into a pane's shell and enters it: the same code.
tmux new-session -d -s typed
tmux send-keys -t typed "codex --full-auto 'Fix the flaky test' 2>&1 | tee codex.out; tmux wait-for -S done" Enter  # expect: RA203(warning)
tmux wait-for done
echo "codex finished"
