#!/usr/bin/env bash
# RA302: the command is built with `+=` onto a value known only at run time (the
# prompt); its known text still names the agent, and the loop runs it until it succeeds.

AGENT_CMD="claude -p '$PROMPT'"
AGENT_CMD+=" --dangerously-skip-permissions"
AGENT_CMD+=" --model opus"

until eval "$AGENT_CMD"; do  # expect: RA302(warning)
    echo "agent failed, trying again" >&2
    sleep 30
done
