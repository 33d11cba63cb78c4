#!/usr/bin/env bash
# Near miss for RA203: interactive agents in tmux panes that stay open until a
# person presses Enter (`; read`), and the script attaches that person to them.
# Whoever closes a pane has seen how its run ended.
set -euo pipefail

SESSION="refactor"
tmux kill-session -t "$SESSION" 2>/dev/null || true
tmux new-session -d -s "$SESSION" -n agents \
  "claude -w backend 'Wire the backend argument. Run tests/smoke.sh when done.'; read"
tmux split-window -t "$SESSION" -h \
  "claude -w search 'Replace the BFS in generate_maps.'; read -r -p 'Press Enter to close'"
tmux split-window -t "$SESSION" -v \
  "claude -p 'Summarise the open issues' 2>&1 | tee issues.md; echo ''; echo 'Done. Press Enter to close.'; read"
tmux select-layout -t "$SESSION" tiled
tmux attach -t "$SESSION"
