#!/usr/bin/env bash
# Near misses of produced_marker_bad.sh.
PLAN="${1:-PLAN.md}"

# Bounded: a Ralph loop that runs a fixed number of turns and stops early on the marker.
for i in $(seq 1 20); do
  claude -p "Take the next task of $PLAN; mark it STATUS: COMPLETE when all are done" | tee -a run.log
  if grep -q "STATUS: COMPLETE" "$PLAN"; then
    break
  fi
done

# The loop is left on a failure the run records, not on work done: a schedule that
# stops when something breaks.
while true; do
  claude -p "$(cat TASK.md)" >/dev/null 2>&1
  if grep -q "FATAL ERROR" state/progress.md; then
    break
  fi
  sleep 600
done

# The prompt is opaque, but the file the loop examines is one a test run writes, not
# the agent: the loop waits for the tests to pass, whatever each run did.
while true; do
  claude -p --dangerously-skip-permissions < PROMPT.md
  pytest -q > report.txt 2>&1 || true
  grep -q " passed" report.txt && break
  sleep 30
done

# An operator's switch, not a marker of work done.
while true; do
  codex exec --full-auto - < PROMPT.md >/dev/null
  grep -q "enabled=false" config/agent.conf && break
  sleep 900
done

# Under errexit (and pipefail) a failed run ends the script before the loop can go round again.
set -eo pipefail
while true; do
  cat PROMPT.md | codex exec --full-auto - >/dev/null
  grep -q "ALL_DONE" state/progress.md && break
done

# The file tested is one an operator creates to stop the loop, not one the prompt
# names: no marker of work done (each run is judged by its log).
while true; do
  claude -p "Work on the next task of TODO.md" > last-run.log 2>&1
  grep -q "error" last-run.log && echo "the run failed" >&2
  if [ -f /tmp/stop_loop ]; then
    break
  fi
  sleep 600
done

# The same marker tested at the top of the body, in a loop with a cap: a bounded Ralph
# loop, new work each round until the run says it is done.
for round in $(seq 1 20); do
  if [ -f .loop/QA_APPROVED ]; then
    break
  fi
  claude -p "Fix the next item of .loop/fix_plan.md; when all pass QA, create .loop/QA_APPROVED" \
    --dangerously-skip-permissions
  echo "round $round done"
done

# A stop file an operator creates, tested at the top of the body: every way the run ends
# takes it alike, and the loop goes on after a success as after a failure.
while true; do
  [ -f /tmp/stop_loop ] && break
  claude -p "Work on the next task of TODO.md" > last-run.log 2>&1
  grep -q "error" last-run.log && echo "the run failed" >&2
  sleep 600
done

# Bounded by its condition as well as by the marker a file named in prose gives.
RESUME='Resume the build from PROGRESS.md. Create a file named DONE once it is deployed.'
turn=0
while [ ! -f DONE ] && [ "$turn" -lt 10 ]; do
  claude --continue -p "$RESUME" --dangerously-skip-permissions 2>&1 | tee -a run.log
  turn=$((turn + 1))
done

# A test that also holds another way (`||`) is no marker of work done: the loop is a
# schedule, and the log it writes is examined.
while [[ ! -f DONE || -f KEEP_GOING ]]; do
  gemini -p "$RESUME" > gemini.log 2>&1
  grep -q "Deployed" gemini.log && echo "deployed"
  sleep 600
done
