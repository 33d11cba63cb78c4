#!/usr/bin/env bash
# Near misses for RA101: PIPESTATUS read by the very next command, either as a
# whole ("${PIPESTATUS[@]}") or at the index of every stage that can
# meaningfully fail (stage 0 when it is the only non-final stage; stage 1
# when stage 0 is `printf`). Errexit is on, pipefail is not.
set -e

LOG=${LOG:-agent.log}
API=${API:-https://queue.example.com/api}
PROMPT=${PROMPT:-"Update the changelog for the next release"}

gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"
agent_rc=${PIPESTATUS[0]}
echo "gptme exited with $agent_rc"

curl -fsS "$API/tasks" | jq -r '.[].id' | sort > tasks.txt
fetch_statuses=("${PIPESTATUS[@]}")
echo "fetch statuses: ${fetch_statuses[*]}"

printf '%s\n' "$PROMPT" | claude -p | tee -a "$LOG"
claude_rc=${PIPESTATUS[1]}
echo "claude exited with $claude_rc"

run_review() {
  git diff HEAD~1 | codex exec - | tee review.md
  local -a review_statuses=("${PIPESTATUS[@]}")
  echo "review stages: ${review_statuses[*]}"
}
run_review

timeout 1800 gptme --non-interactive "Final pass: fix typos" 2>&1 | tee -a "$LOG"
exit "${PIPESTATUS[0]}"
