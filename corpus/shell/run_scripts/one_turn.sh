#!/usr/bin/env bash
# One turn of the agent, run by the drivers beside it: it ends running `claude`, so its
# exit status is the agent's, and a driver that runs it runs the agent.
cd "$(dirname "$0")"
claude -p "$(cat PROMPT.md)" --dangerously-skip-permissions
