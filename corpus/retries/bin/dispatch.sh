#!/bin/bash
# Checks that the agent is installed, then hands the work to agent-step.sh (run by
# dispatch-script.service): it runs the agent through that script.
set -euo pipefail
claude --version >/dev/null
exec "$(dirname "$0")/agent-step.sh"
