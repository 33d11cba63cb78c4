#!/usr/bin/env bash
# Reviews one issue; its status is claude's.
set -euo pipefail
claude -p "Review issue $1 and push a fix" --dangerously-skip-permissions
