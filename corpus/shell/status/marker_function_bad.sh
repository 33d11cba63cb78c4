#!/usr/bin/env bash
# A function reading a file the prompt never names, or one the script calls only before
# the run: neither judges the run, whose status `|| true` throws away.
PLAN=IMPLEMENTATION_PLAN.md
NOTES=notes.md

notes_state() {
  if grep -q 'DONE' "$NOTES"; then
    echo DONE
  fi
}

plan_state() {
  grep -c 'STATUS: COMPLETE' "$PLAN"
}

echo "before: $(plan_state)"
codex exec --full-auto "Read $PLAN, do the next task, and mark STATUS: COMPLETE in $PLAN" || true  # expect: RA203(warning)
echo "notes: $(notes_state)"
