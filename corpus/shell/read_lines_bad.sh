#!/usr/bin/env bash
# RA203: each round's output is read line by line only to be shown (with a prefix), and
# nothing reads the agent's status: a failing run goes round again unseen.
while true; do
  claude -p "take the next task from TODO.md" 2>&1 | while IFS= read -r line; do  # expect: RA203(warning)
    printf '[agent] %s\n' "$line"
  done
  sleep 30
done
