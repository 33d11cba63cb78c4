#!/usr/bin/env bash
# RA203 beside its near miss: the same CLIs made headless (`-p`, `exec`, `run`,
# `--message`), or given their prompt on standard input, run by a loop that reads
# neither their status nor their output.

while true; do
  claude -p "work through TODO.md" --dangerously-skip-permissions  # expect: RA203(warning)
  codex exec --full-auto "fix the failing test"  # expect: RA203(warning)
  opencode run "update the changelog"  # expect: RA203(warning)
  aider --yes-always --message "tidy imports" src/app.py  # expect: RA203(warning)
  claude --dangerously-skip-permissions < PROMPT.md  # expect: RA203(warning)
  sleep 60
done

# unquoted, the variable's words may hold any option: taken as headless
AGENT_FLAGS="${AGENT_FLAGS:--p}"
while true; do
  claude $AGENT_FLAGS "work through TODO.md"  # expect: RA203(warning)
  sleep 60
done

# a wrapper's own arguments, quoted: as many words as it was given, any of them `-p`
while true; do
  claude "$@"  # expect: RA203(warning)
  sleep 60
done

# A headless run in a container, through a shell string inside a pane's command
# string: nothing reads its status or its output.
tmux new-session -d -s "agent-$FEATURE" \
  "docker exec -it agent-$FEATURE bash -c 'cd /workspace && exec codex exec --full-auto \"Fix the build\"'"  # expect: RA203(warning)
