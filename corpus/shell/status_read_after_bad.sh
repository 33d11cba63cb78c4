#!/usr/bin/env bash
# RA101 when the command right after a pipeline reads `$?` (no errexit): the
# value read is the last stage's status (`tee`, `jq`), not the agent's.

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
PROMPT=${PROMPT:-"Update the dependency pins and run the tests."}
TASK=${TASK:-"Refactor the config loader"}

gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "agent failed ($rc)" >&2
fi

curl -fsS "$API/jobs" | jq -r '.[].id' > jobs.txt  # expect: RA101(warning)
if [ $? -ne 0 ]; then
  echo "could not list jobs" >&2
fi

claude -p "Summarise today's log" < "$LOG" | tee summary.md; status=$?  # expect: RA101(error)
echo "summary status: $status"

grep -c 'Traceback' "$LOG" | tee -a stats.txt  # expect: RA102(info)
echo "grep exit status: $?"

aider --yes-always --message "$TASK" | tee aider.log  # expect: RA101(error)
case $? in
  0) echo "aider finished" ;;
  *) echo "aider failed" ;;
esac

exit 0
