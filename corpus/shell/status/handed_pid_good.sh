# Near miss: a library's function starts the agent in the background and leaves its
# pid in a global for the script that sources this file, which waits for it there.

run_ai_command() {
  local prompt=$1
  local output_file=$2
  claude --dangerously-skip-permissions -p "$prompt" >"$output_file" 2>&1 &
  ai_pid=$!
}
