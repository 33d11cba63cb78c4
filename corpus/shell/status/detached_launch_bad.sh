#!/usr/bin/env bash
# The same launch, not detached: a job of this script that it never waits for,
# and nothing reads how it ended.
set -u
worktree=$1

claude -p "Implement the spec" > "$worktree/agent.log" 2>&1 &  # expect: RA203(warning)
echo "agent-pid=$!" >> "$worktree/.agent"
echo "started"
