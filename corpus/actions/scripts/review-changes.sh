#!/usr/bin/env bash
# A project script the workflows run by its path: its exit status is the agent's
# (errexit and pipefail on, the agent its last command), so a step that runs it
# runs the agent.
set -euo pipefail
git diff --stat origin/main... > diff-summary.txt
claude -p "Review the changes summarised in diff-summary.txt: $1" --output-format text
