#!/usr/bin/env bash
# RA203: the agent's status is kept in a variable right after the run
# (`rc=$?`, `local rc=$?`), and nothing ever reads that variable: the run's
# failure decides nothing, and the script goes on as if it had worked.

review_changes() {
  local log="$1"
  codex exec "Review the diff and fix what is wrong" > "$log" 2>&1  # expect: RA203(warning)
  local review_rc=$?
  echo "review written to $log"
}

claude -p "Implement the next task in TODO.md" > run.log 2>&1  # expect: RA203(warning)
EXIT_CODE=$?
echo "session finished"

review_changes review.log
echo "all done"
