#!/usr/bin/env bash
# Near misses for RA101: no errexit, and no pipeline's status is used: none is
# a condition or an operand of && / ||, none is the last command of the script
# or of a function, and the command after each one does not read `$?`. (The
# agent's status, read by nothing, is RA203's finding.)

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}

gptme --non-interactive "Write the release notes for the next version" 2>&1 | tee -a "$LOG"  # expect: RA203(warning)
echo "agent finished; see $LOG"

curl -fsS "$API/stats" | jq '.daily' > stats.json
date +%s > .last-stats

for f in notes/*.md; do
  grep -c 'TODO' "$f" | sed "s|^|$f: |" >> todo-counts.txt
done

while IFS= read -r number; do
  echo "open issue: $number"
done < <(gh issue list --state open --json number | jq -r '.[].number')

latest=$(ls -t logs/ | head -n 1)
echo "latest log: $latest"

# `$?` below is the status of `echo`, not of the pipeline before it.
grep -h 'ERROR' logs/*.log | sort | uniq -c > errors.txt
echo "summarised errors"
echo_status=$?
echo "echo returned $echo_status"

summarise() {
  git log --oneline -n 10 | tee -a "$LOG"
  echo "summary written"
}
summarise

exit 0
