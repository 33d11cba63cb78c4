#!/usr/bin/env bash
# Near miss: the same `env` run, once, its status checked; and `env` running a program
# that is no agent.
if ! env "AGENT_NAME=${NAME}" claude -p "Work through TASKS.md"; then
    echo "claude failed" >&2
    exit 1
fi
until env "TARGET=${HOST}" ping -c 1 "$HOST"; do
    sleep 5
done
