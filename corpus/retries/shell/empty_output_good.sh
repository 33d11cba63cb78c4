#!/usr/bin/env bash
# Near misses: a loop over different tasks that skips one without an answer (each
# iteration runs new work), a schedule that only reports an empty answer, and a Ralph
# loop that stops when the output says the work is done.
set -u

while read -r task; do
  answer=$(claude -p "$task" || true)
  if [ -z "$answer" ]; then
    echo "no answer for $task" >&2
    continue
  fi
  printf '%s\n' "$answer" >> answers.md
done < tasks.txt

while true; do
  report=$(gemini -p "summarise today's alerts" || true)
  [ -n "$report" ] || echo "empty report" >&2
  sleep 3600
done &

for i in $(seq 1 20); do
  out=$(claude -p "$(cat PROMPT.md)" 2>&1 || true)
  echo "$out" >> progress.log
  if echo "$out" | grep -q '<promise>COMPLETE</promise>'; then
    break
  fi
done

# a bounded loop that goes round while the build the agent runs still prints compiler
# errors (`error:` anywhere in the log is the compiler's, not a failed run's)
for i in 1 2 3 4 5; do
  claude -p "Run cargo build and fix every compiler error" > build.log 2>&1 || true
  if grep -q "error:" build.log; then
    continue
  fi
  break
done
