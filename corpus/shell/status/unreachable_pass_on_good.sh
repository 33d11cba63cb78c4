#!/usr/bin/env bash
# Near misses for RA204: under errexit a failed agent ends the script, so a
# read right after it only sees success; but a read that only passes the
# status on (`exit $?`, `return $?`, `rc=$?` then `exit "$rc"`) decides
# nothing and is merely redundant.
set -eo pipefail

review() {
  gptme --non-interactive "Review the diff in $1"
  return $?
}

summarise() {
  claude -p "Summarise $1" > "$1.summary"
  local rc=$?
  return "$rc"
}

review changes.patch
summarise changes.patch

# a message between the read and the `return` decides nothing either
changelog() {
  codex exec "Update the changelog" </dev/null >/dev/null 2>&1 &
  local codex_pid=$!
  wait "$codex_pid"
  EXIT_CODE=$?
  echo "codex finished with exit code ${EXIT_CODE}" >&2
  return "${EXIT_CODE}"
}
changelog

# a guard that only prints a message and exits with the status it tested: under errexit
# the message is lost, the exit status is the same
for ((cycle = 1; cycle <= 3; cycle++)); do
  codex exec --yolo "Work through PLAN.md"
  cycle_rc=$?
  if [[ $cycle_rc -ne 0 ]]; then
    echo "codex exited with $cycle_rc on cycle $cycle" >&2
    exit "$cycle_rc"
  fi
  sleep 3
done

printf '%s\n' "$(git diff --stat)" | gptme --non-interactive "Describe these changes"
exit $?

# a status kept in a variable that nothing reads guards nothing: no dead guard to report
claude --print "Complete the task in TASK.md" 2>&1 | tee task.log
TASK_STATUS=${PIPESTATUS[0]}
echo "$(date): verifying the task"
cargo test --quiet
