#!/usr/bin/env bash
# Near misses: a wrapper every call of which tests it, so its guard sees the agent's
# failures; and one called plainly under errexit that turns errexit off around the run
# (`set +e` … `set -e`), so its guard sees them on that call too.
set -eu

run_phase() {
  local phase=$1
  claude -p "$(cat "prompts/$phase.md")" --output-format text > "logs/$phase.log"
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "phase $phase failed with $rc" >> logs/failures.log
    return "$rc"
  fi
}

for phase in plan build; do
  if ! run_phase "$phase"; then
    exit 1
  fi
done

run_review() {
  set +e
  codex exec --full-auto "Review the last commit" > logs/review.log
  local rc=$?
  set -e
  if [ "$rc" -ne 0 ]; then
    echo "review failed with $rc" >> logs/failures.log
    return "$rc"
  fi
}

run_review
if ! run_review; then
  exit 1
fi
