#!/usr/bin/env bash
# Near misses of waited_attempts_bad.sh: a named session run in the background is
# resumed only on its rate-limit exit (75), which `wait` hands back, and a Ralph loop
# runs the agent again after a success too, until its message says the work is complete.
set -euo pipefail
attempt=1
while [[ "$attempt" -le 5 ]]; do
  gptme --non-interactive --name "$SESSION" "fix the failing tests" >msg.txt 2>run.log &
  pid=$!
  set +e
  wait "$pid"
  rc=$?
  set -e
  if [[ $rc -ne 75 ]]; then
    exit "$rc"
  fi
  sleep 60
  attempt=$((attempt + 1))
done

for round in $(seq 1 20); do
  claude -p "$(cat PROMPT.md)" >msg.txt 2>run.log || true
  if [[ -s msg.txt ]] && grep -q "<promise>COMPLETE</promise>" msg.txt; then
    break
  fi
done

# A loop that leaves when the message holds no error marker: `-z $(grep …)` examines
# what the agent wrote (a Ralph loop), it does not only ask whether there is any.
for round in $(seq 1 10); do
  claude -p "$(cat PROMPT.md)" >msg.txt 2>run.log || true
  if [[ -z $(grep -i "TODO remaining" msg.txt) ]]; then
    break
  fi
done

# A job whose status is `tee`'s (no pipefail) hands `wait` nothing of the agent's: the
# loop retries nothing it can see (RA101 says so, where the status is read).
set +o pipefail
n=0
while [[ $n -lt 3 ]]; do
  gptme --non-interactive "triage" | tee triage.log &  # expect: RA101(error)
  pid=$!
  wait "$pid"
  if [[ $? -eq 0 ]]; then
    break
  fi
  n=$((n + 1))
done
