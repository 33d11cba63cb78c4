#!/usr/bin/env bash
# Near misses: the agent's output file, read back into a variable, is only shown, or a
# bounded loop stops on a marker in it (new work each time, not a retry).
LOG=$(mktemp)

run_agent() {
  local prompt=$1
  local log_file=$2
  claude -p "$prompt" --output-format json > "$log_file" 2>&1
  return $?
}

for task in lint test docs; do
  run_agent "fix the $task job" "$LOG" || echo "claude failed on $task (exit $?)" >&2
  summary=$(tail -n 5 "$LOG")
  echo "== $task: $summary"
done

for round in 1 2 3 4 5; do
  if ! run_agent "work through TODO.md, round $round" "$LOG"; then
    echo "claude failed in round $round" >&2
    exit 1
  fi
  result=$(cat "$LOG")
  if grep -q "ALL TASKS DONE" <<<"$result"; then
    break
  fi
done
