#!/usr/bin/env bash
# Endless loops left only on a marker in a file the run must produce: the plan its
# prompt names, or (its prompt unreadable here) a state file it is told about in
# PROMPT.md. A failed run (expired credentials, a spent quota) writes no marker, so
# the loop re-runs the failing agent forever.
PLAN="${1:-PLAN.md}"

while true; do  # expect: RA302(warning)
  claude -p "Take the next task of $PLAN; mark it STATUS: COMPLETE when all are done" | tee -a run.log
  if grep -q "STATUS: COMPLETE" "$PLAN"; then
    break
  fi
done

while :; do  # expect: RA302(warning)
  cat PROMPT.md | codex exec --full-auto - >/dev/null
  grep -q "ALL_DONE" state/progress.md && break
  sleep 60
done

# The marker is a file the prompt asks the run to create once all is done.
rm -f /tmp/all_done
while true; do  # expect: RA302(warning)
  claude -p "Work on the next task of TODO.md; when none is left, create /tmp/all_done" >/dev/null
  if [ -f /tmp/all_done ]; then
    break
  fi
done

# The marker tested at the top of the body, before the next run: a failed run never
# creates it, so the loop goes round for the failure; the file is in a folder of its own.
while true; do  # expect: RA302(warning)
  if [ -f .loop/QA_APPROVED ]; then
    break
  fi
  claude -p "Fix the next item of .loop/fix_plan.md; when all pass QA, create .loop/QA_APPROVED" \
    --dangerously-skip-permissions
  echo "round done (exit $?)"
  sleep 10
done

# The marker is a file the prompt names in prose (`a file named DONE`), the prompt set
# above the loop, and the loop's own condition asks for it (negated, or with `until`).
RESUME='Resume the build from PROGRESS.md. Create a file named DONE once it is deployed.'
while [ ! -f DONE ]; do  # expect: RA302(warning)
  claude --continue -p "$RESUME" --dangerously-skip-permissions 2>&1 | tee -a run.log
  sleep 120
done
until [ -f DONE ]; do  # expect: RA302(warning)
  gemini -p "$RESUME" > gemini.log 2>&1
done
