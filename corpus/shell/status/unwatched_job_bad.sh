#!/usr/bin/env bash
# A run sent to the background that nothing waits for: the checks after it race it,
# so they judge nothing of it, even where its prompt may name any file.
PROMPT="$(cat prompts/check.md)"

opencode run "$PROMPT" > logs/check.log 2>&1 &  # expect: RA203(warning)
check_pid=$!
echo "$check_pid" > pids/check.pid

if [ -f state/network.json ]; then
  jq -r '.status' state/network.json
fi
