#!/usr/bin/env bash
# Near misses: agent CLIs started as interactive sessions in a terminal (no `-p`, no
# `exec`/`run`, no `--message`, nothing fed to their input, their output not taken).
# A person drives each one and sees how it ends; no runner reads its status.

# typed into a tmux pane the person then attaches to
tmux new-session -d -s pair
tmux send-keys -t pair "cd ~/src/app && claude --model opus" Enter
tmux attach -t pair

# a launcher menu
case "${1:-}" in
  review) codex "review the open diff" ;;
  chat) aider --model sonnet src/app.py ;;
  *) opencode ;;
esac

# a watchdog that reopens the person's session when they close it
while true; do
  claude --continue
  sleep 1
done

# a prompt in a variable, quoted: one word, a prompt, never a headless option
PROMPT="$(envsubst < prompts/discovery.md)"
while grep -q '^- \[ \]' tasks.md; do
  claude --dangerously-skip-permissions "$PROMPT"
done

# The session runs in a container, through a shell string inside the pane's own
# command string: still a person's session (codex with no `exec` and no prompt).
AGENT_CMD="codex --approval full-access"
tmux new-session -d -s "agent-$FEATURE" \
  "docker exec -it agent-$FEATURE bash -c 'cd /workspace && exec $AGENT_CMD'"
