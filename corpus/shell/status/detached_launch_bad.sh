#!/usr/bin/env bash
# Launches that detach the agent (`nohup`, `setsid`) and keep only its pid: the script
# never waits for it, and nothing records how the run ended (SPEC: an unwaited
# `agent &` loses its status, detached or not).
set -u
worktree=$1

claude -p "Implement the spec" > "$worktree/agent.log" 2>&1 &  # expect: RA203(warning)
echo "agent-pid=$!" >> "$worktree/.agent"

nohup codex exec --full-auto "Continue the task" >> "$worktree/agent.log" 2>&1 &  # expect: RA203(warning)
echo "$!" > "$worktree/codex.pid"
echo "started"
