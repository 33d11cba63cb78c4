#!/usr/bin/env bash
# Near misses: the loop runs the agent until a check of its work passes, a few
# statements later in the iteration; the run is judged by that check.
TASK="Make the test suite pass"
TEST=${TEST:-"make test"}

tries=0
while [ "$tries" -lt 10 ]; do
  aider --yes -m "$TASK" src/
  tries=$((tries + 1))
  $TEST
  if [ $? -eq 0 ]; then
    break
  fi
done

for round in 1 2 3; do
  claude -p "$TASK"
  echo "round $round done"
  if pytest -q; then
    break
  fi
done

# the check at the head of the next turn judges the run: it runs only when the tests
# failed (their status kept in a variable), and the loop ends once they pass
for ((i = 1; i <= 5; i++)); do
  pnpm test > test.log 2>&1
  test_status=$?
  if [[ $test_status -eq 0 ]]; then
    exit 0
  fi
  claude -p "Fix the failing tests: $(tail -n 100 test.log)"
done

# the run sits in the branch a failed check takes (its status kept)
for ((i = 1; i <= 5; i++)); do
  pnpm typecheck > tsc.log 2>&1
  tsc_status=$?
  if [[ $tsc_status -ne 0 ]]; then
    codex exec "Fix the type errors: $(tail -n 100 tsc.log)"
    continue
  fi
  break
done

# the check's output captured and its status kept by `|| status=$?` at the head of the
# turn: the fix run after it is judged by the next turn's check
while true; do
  test_status=0
  test_output=$(eval "$TEST_COMMAND" 2>&1) || test_status=$?
  if [[ $test_status -eq 0 ]]; then
    break
  fi
  claude -p "Fix the failing tests: $test_output" || true
done
