#!/bin/bash
# Near misses: the prompt is a variable whose text names the file the run must write,
# and the script tests that file right after the run.
PLAN_FILE="plans/next.md"
PROMPT="Read issue $1 and write the plan for the next release to ${PLAN_FILE}."
claude -p "$PROMPT" --allowedTools "Read,Write" > /dev/null
if grep -q "^## Milestones" "$PLAN_FILE"; then
  git add "$PLAN_FILE"
  git commit -m "plan for the next release"
fi

# In a function: a helper defined after it, called after the run, checks the same file.
write_notes() {
  local prompt="Summarise the release into ${NOTES_FILE}."
  gemini -p "$prompt" > /dev/null
  check_notes
}
check_notes() {
  [ -s "$NOTES_FILE" ] || { echo "empty notes" >&2; exit 1; }
}
NOTES_FILE="notes/release.md"
write_notes

# The prompt variable names the report the run must write (a path known only in part),
# and the function gives up when the report is missing.
analyse() {
  local report="docs/analysis-${BUG_ID}.md"
  PROMPT="Find the root cause of bug ${BUG_ID}. Write the analysis to ${report}."
  claude -p "$PROMPT" --allowedTools "Read,Write" 2>&1 | tail -15
  if [ ! -f "$report" ]; then
    echo "no analysis written" >&2
    return 1
  fi
  echo "analysis done"
}
BUG_ID=$(sed -n 1p bugs.txt)
analyse
BUG_ID=$(sed -n 2p bugs.txt)
analyse || true

# The check is a helper the run's own function calls after the run.
fix_main() {
  claude -p "Fix the bug and write ${FIX_REPORT}"
  git add -A
  verify_fix
  git commit -m "fix"
}
verify_fix() {
  if ! grep -q "FIXED" "$FIX_REPORT"; then
    echo "not fixed" >&2
    exit 1
  fi
}
FIX_REPORT="report.md"
fix_main

# A dispatcher called once for each of its arms: the check arm runs after the run arm.
step() {
  case "$1" in
    run)
      codex exec "Fix the bug and write fixed.md"
      echo "agent done"
      ;;
    check)
      if ! grep -q FIXED fixed.md; then
        echo "not fixed" >&2
        exit 1
      fi
      ;;
  esac
}
step run
step check
git push
