#!/usr/bin/env bash
# After `OUTPUT=$(agent | tee …)` under pipefail, `${PIPESTATUS[0]}` is the assignment's one
# status, the agent's failure: a loop that breaks when it is 0 re-runs a failed agent.
set -euo pipefail
fails=0
while true; do  # expect: RA302(warning)
  set +e
  OUTPUT=$(codex exec --full-auto - < PROMPT.md 2>&1 | tee /dev/stderr)
  STATUS=${PIPESTATUS[0]}
  set -e
  if [ "$STATUS" -eq 0 ]; then
    break
  fi
  fails=$((fails + 1))
  if [ "$fails" -ge 2 ]; then
    exit 1
  fi
  sleep 2
done
echo "$OUTPUT" > last-run.txt

# The same agent in both branches of an `if`, its stage read after the `fi` with a default.
tries=0
while (( tries < 3 )); do  # expect: RA302(warning)
  set +e
  if command -v timeout > /dev/null; then
    timeout 900 gemini --yolo --prompt "$(cat PROMPT.md)" 2>&1 | tee -a run.log
  else
    gemini --yolo --prompt "$(cat PROMPT.md)" 2>&1 | tee -a run.log
  fi
  status=${PIPESTATUS[0]:-0}
  set -e
  if (( status == 0 )); then
    break
  fi
  tries=$((tries + 1))
  sleep 5
done
