#!/usr/bin/env bash
# RA302 beside its near misses: errexit does not end a run tested in a
# condition, a stop on something other than the agent's output is still a
# retry, an unbounded loop gets no marker exemption, and a loop that leaves
# on the agent's success re-runs it only because it failed.
set -euo pipefail

TASK=${TASK:-"Work through TASKS.md"}

for attempt in 1 2 3; do  # expect: RA302(warning)
  gptme --non-interactive "$TASK" && break
  sleep 60
done

for attempt in $(seq 1 5); do  # expect: RA302(warning)
  if claude -p "$TASK" > run.log 2>&1; then
    git push && break
  fi
  sleep 120
done

while true; do  # expect: RA302(warning)
  gptme --non-interactive "$TASK" > run.log 2>&1 && grep -q COMPLETE run.log && break
  sleep 30
done

for attempt in 1 2 3; do  # expect: RA302(warning)
  if gptme --non-interactive "$TASK" > run.log 2>&1; then
    break
  fi
  tail -n 20 run.log >&2
done

# the same pipeline without a test of what it printed: only a failure goes round
for attempt in 1 2 3; do  # expect: RA302(warning)
  if claude --print < PROMPT.md | tee "attempt-$attempt.txt"; then
    break
  fi
  sleep 30
done

# a marker in the captured text is the only way out, with no bound: a failed run never
# prints it, so a failure goes round again forever (the test of the output's size decides
# only what is shown, and bounds nothing)
while :; do  # expect: RA302(warning)
  output="$(claude -p "$TASK" 2>&1)" || true
  if [[ "$(printf '%s\n' "$output" | tail -n 1)" == "SUCCESS" ]]; then
    if [[ $(printf '%s\n' "$output" | wc -l) -gt 200 ]]; then
      echo "(long output, see the log)"
    fi
    break
  fi
  sleep 1
done

# a log named for errors holds the marker of work done: still a test for that marker
while :; do  # expect: RA302(warning)
  claude -p "$TASK" > "$ERROR_LOG" 2>&1 || true
  if grep -q "SUCCESS" "$ERROR_LOG"; then break; fi
done
