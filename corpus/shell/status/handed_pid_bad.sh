#!/usr/bin/env bash
# RA203: the function leaves the agent's pid in a global, but this script calls it and
# never waits for that pid: nothing learns how the run ended.

run_ai_command() {
  local prompt=$1
  local output_file=$2
  claude --dangerously-skip-permissions -p "$prompt" >"$output_file" 2>&1 &  # expect: RA203(warning)
  ai_pid=$!
}

run_ai_command "$(cat PROMPT.md)" out.json
sleep 600
echo "done"
