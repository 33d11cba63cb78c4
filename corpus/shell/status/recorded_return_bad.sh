#!/usr/bin/env bash
# The function only hands the run's status back (it reads it for nothing but its own
# `return`), and the caller drops it: a failed task goes unnoticed.
set -uo pipefail

relay_task() {
  local task=$1 rc=0
  codex exec --full-auto "Implement $task" > "logs/$task.log" 2>&1 || rc=$?
  if [[ $rc -eq 130 ]]; then
    exit "$rc"
  fi
  return "$rc"
}

for task in parser lexer printer; do
  relay_task "$task" || true  # expect: RA203(warning)
done
echo "all tasks ran"

# The `if` on the status acts only on a success: a failure is handed back unrecorded.
commit_task() {
  local task=$1 rc=0
  codex exec --full-auto "Implement $task" > "logs/$task.log" 2>&1 || rc=$?
  if [[ $rc -eq 0 ]]; then
    git commit -qam "$task"
  fi
  return "$rc"
}

for task in docs tests; do
  commit_task "$task" || true  # expect: RA203(warning)
done
echo "all tasks ran"
