#!/usr/bin/env bash
# The loop library: `run_turn` is the sourcing script's (see ../ralph_bad.sh).

run_claude_turn() {
  local turn=$1 prompt=$2
  claude -p --dangerously-skip-permissions < "$prompt" > "logs/turn-$turn.log" 2>&1
}

run_turns() {
  local max=$1 turn result
  for ((turn = 1; turn <= max; turn++)); do
    run_turn "$turn"
    result=$?  # expect: RA204(error)
    if [[ $result -eq 2 ]]; then
      echo "exit requested" >&2
      return 0
    elif [[ $result -ne 0 ]]; then
      echo "turn $turn completed with issues" >&2
    fi
  done
}
