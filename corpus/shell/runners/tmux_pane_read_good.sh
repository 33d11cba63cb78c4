#!/usr/bin/env bash
# Near miss for RA203: an interactive agent started in a detached tmux pane,
# driven with send-keys, and judged by the pane's output that the script
# captures afterwards. No one can read the pane's exit status; its output is
# what the script checks.
set -euo pipefail

SESSION="usage-check-$$"
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true' EXIT

tmux new-session -d -s "$SESSION" -x 120 -y 40 \
  "env -u ANTHROPIC_API_KEY claude 2>&1; sleep 2"

for _ in $(seq 1 30); do
  if tmux capture-pane -t "$SESSION" -p | grep -q 'shortcuts'; then
    break
  fi
  sleep 1
done
tmux send-keys -t "$SESSION" "/usage" Enter
sleep 3
tmux capture-pane -t "$SESSION:0.0" -p -S -80 > usage.txt
grep -E 'Current (session|week)' usage.txt
