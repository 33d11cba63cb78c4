#!/bin/bash
# One agent step, run by agent-script.service.
set -euo pipefail
cd "$HOME/agent"
exec gptme --non-interactive "Work through TASKS.md"
