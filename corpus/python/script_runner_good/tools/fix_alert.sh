#!/bin/bash
# A script of the tree that ends by running the agent: its status is aider's.
set -euo pipefail
FILE="$1"
PROMPT=$(cat)
{ echo "/add $FILE"; echo "$PROMPT"; } | aider --yes --no-auto-commits
