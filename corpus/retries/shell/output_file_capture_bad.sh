#!/usr/bin/env bash
# RA302: the agent writes its answer to a file, which the loop reads into a variable and
# re-runs the agent when it is empty; also through a function that takes the file as a
# parameter (`run_agent "$prompt" "$log"`, writing `> "$log_file"`).
MAX_RETRIES=${MAX_RETRIES:-3}

run_agent() {
  local prompt=$1
  local log_file=$2
  claude -p "$prompt" --output-format json > "$log_file" 2>&1
}

implement() {
  local tmpfile attempts=0 result
  tmpfile=$(mktemp)
  while [[ $attempts -lt $MAX_RETRIES ]]; do  # expect: RA302
    codex exec --full-auto "$1" > "$tmpfile" 2>&1
    result=$(cat "$tmpfile" 2>/dev/null || echo "")
    if [[ -z "$result" ]]; then
      attempts=$((attempts + 1))
      sleep 5
      continue
    fi
    echo "$result"
    return 0
  done
  return 1
}

review() {
  local log
  log=$(mktemp)
  for attempt in 1 2 3; do  # expect: RA302
    run_agent "review the diff" "$log"
    answer=$(tail -n 50 "$log")
    [[ -n "$answer" ]] && break
    sleep $((attempt * 10))
  done
}

implement "do the next task" || exit 1
review
