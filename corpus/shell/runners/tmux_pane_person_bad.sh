#!/usr/bin/env bash
# RA203 beside its near miss: a pane that reads its answer from a file, or gives
# up waiting after a few seconds, does not stop for a person.
set -euo pipefail

tmux new-session -d -s nightly \
  "claude -p 'Refresh the fixtures' > fixtures.log; read -t 5 || true; git commit -am fixtures"  # expect: RA203(warning)
tmux split-window -t nightly -h \
  "gptme --non-interactive 'Update the changelog'; read -r reply < answers.txt; git push"  # expect: RA203(warning)
tmux split-window -t nightly -v \
  "codex exec 'Tidy the docs'; read -rt 10 line; git push"  # expect: RA203(warning)
tmux split-window -t nightly -v \
  "claude -p 'Sort the backlog' | tee backlog.md; echo 'sorted' > sorted.flag; read"  # expect: RA203(warning)
