#!/bin/bash
# One step of a program whose path the unit's environment gives `RUNNER_BIN`: its name
# says no agent.
set -euo pipefail
cd "$HOME/agent"
exec "$RUNNER_BIN" -p "Work through TASKS.md"
