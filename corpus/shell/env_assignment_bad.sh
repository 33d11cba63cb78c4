#!/usr/bin/env bash
# `env` with an assignment whose value is known only at run time still runs the agent
# after it: the loop respawns claude whenever it fails.
until env "AGENT_NAME=${NAME}" CLAUDECODE= claude -p "Work through TASKS.md"; do  # expect: RA302(warning)
    sleep 30
done
