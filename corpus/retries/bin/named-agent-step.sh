#!/bin/bash
# One agent step whose agent is the path the unit's environment gives `CLAUDE_BIN`.
set -euo pipefail
cd "$HOME/agent"
exec "$CLAUDE_BIN" -p "Work through TASKS.md"
