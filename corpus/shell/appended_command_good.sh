#!/usr/bin/env bash
# Near miss: the command is built with `+=` onto a value known only at run time (the
# prompt); it runs once, and the script fails with it.

AGENT_CMD="claude -p '$PROMPT'"
AGENT_CMD+=" --dangerously-skip-permissions"
AGENT_CMD+=" --model opus"

if ! eval "$AGENT_CMD"; then
    echo "agent failed" >&2
    exit 1
fi
