#!/usr/bin/env bash
# Near misses for RA302: bounded "Ralph" loops. Each runs the agent again
# whatever its status, a success included, and stops on a marker in the
# agent's output: the log it writes, or the text it prints. That is a schedule
# of fresh iterations, not a respawn of a failed run.

MAX_ITERATIONS=${MAX_ITERATIONS:-20}
LOG=${LOG:-ralph.log}

for i in $(seq 1 "$MAX_ITERATIONS"); do
  echo "iteration $i" >&2
  if gptme --non-interactive "$(cat PROMPT.md)" > "$LOG" 2>&1; then
    grep -q '<promise>COMPLETE</promise>' "${LOG}" && break
  else
    echo "iteration $i failed; carrying on" >&2
  fi
done

i=0
while [ "$i" -lt "$MAX_ITERATIONS" ]; do
  i=$((i + 1))
  output=$(claude -p --dangerously-skip-permissions "$(cat PROMPT.md)" 2>&1) || {
    echo "iteration $i failed" >&2
    continue
  }
  printf '%s\n' "$output" >> progress.txt
  case "$output" in
    *'ALL TASKS DONE'*) break ;;
  esac
done

# under pipefail the pipeline fails when the agent does, and when the test finds no
# marker in what it printed: a success without the marker goes round too
set -o pipefail
iteration=0
while [[ $iteration -lt $MAX_ITERATIONS ]]; do
  iteration=$((iteration + 1))
  if claude --print < PROMPT.md | tee "ralph-$iteration.txt" | grep -q "RALPH_DONE"; then
    exit 0
  fi
done

# bounded by the count its `break` tests, whatever else it compares: a Ralph loop
round=0
while :; do
  round=$((round + 1))
  output="$(claude -p "$(cat PROMPT.md)" 2>&1)" || true
  if [[ $(printf '%s\n' "$output" | wc -l) -gt 500 ]]; then
    echo "(long output)"
  fi
  if [[ "$output" == *"ALL TASKS DONE"* ]] || (( round >= MAX_ITERATIONS )); then
    break
  fi
done

# bounded by a function the loop calls, which exits after five rounds
spent=0
check_budget() { if (( spent >= 5 )); then echo "out of rounds" >&2; exit 1; fi; }
while :; do
  spent=$((spent + 1))
  check_budget
  out=$(claude -p "$(cat PROMPT.md)" 2>&1) || true
  [[ "$(tail -n 1 <<<"$out")" == "SUCCESS" ]] && break
done

# bounded by an inner loop's `break 2`
turns=0
while :; do
  turns=$((turns + 1))
  out=$(claude -p "$(cat PROMPT.md)" 2>&1) || true
  for _ in 1; do
    if (( turns >= 5 )); then break 2; fi
  done
  [[ "$out" == *"ALL DONE"* ]] && break
done

# the test also holds when a failed run printed nothing: a failure leaves the loop too
while :; do
  out=$(claude -p "$(cat PROMPT.md)" 2>/dev/null) || true
  if [[ "$out" == *DONE* || -z "$out" ]]; then
    break
  fi
done
