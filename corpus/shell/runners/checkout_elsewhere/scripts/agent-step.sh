#!/bin/bash
# The step the schedulers run: errexit on, so a failing agent run ends it with the
# agent's status (its last line runs only after a success).
set -e
claude -p "Run the nightly test module and fix what fails" --max-turns 30
echo "agent step done"
