#!/usr/bin/env bash
# Near misses: launchers that start an agent to outlive the script (`nohup`, `setsid`)
# and leave its pid and log to whoever supervises it.
set -u
worktree=$1
session_id=$2

nohup claude -p "Implement the spec" --session-id "$session_id" > "$worktree/agent.log" 2>&1 &
echo "agent-pid=$!" >> "$worktree/.agent"

( cd "$worktree" && nohup codex exec --full-auto "Continue the task" >> agent.log 2>&1 & )

setsid gemini -p "Review the branch" > review.log 2>&1 < /dev/null &
echo "review pid $!"
