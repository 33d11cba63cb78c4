#!/usr/bin/env bash
# RA203 beside a check in the loop that is not of the run's work: a stop file, a test
# of a value, a command whose failure ends the loop, and a later check that only
# judges the next run.
TASK="Make the test suite pass"

for round in 1 2 3 4 5; do
  aider --yes -m "$TASK" src/  # expect: RA203(warning)
  if [ -f STOP ]; then
    break
  fi
done

for round in 1 2 3; do
  claude -p "$TASK"  # expect: RA203(warning)
  git push origin HEAD
  if [ $? -ne 0 ]; then
    break
  fi
done

for round in 1 2 3; do
  codex exec "$TASK"  # expect: RA203(warning)
  gemini -p "review the change" > review.txt
  make test
  if [ $? -eq 0 ]; then
    break
  fi
done

# a check at the head of the turn whose result only goes to a log judges nothing
for ((i = 1; i <= 5; i++)); do
  pnpm test > test.log 2>&1
  test_status=$?
  echo "tests exited $test_status" >> progress.log
  claude -p "Improve the code"  # expect: RA203(warning)
done

# a check kept by `|| status=$?` that only goes to a log judges nothing
for ((i = 1; i <= 5; i++)); do
  lint_status=0
  lint_output=$(pnpm lint 2>&1) || lint_status=$?
  echo "lint exited $lint_status" >> progress.log
  claude -p "Tidy the code: $lint_output" || true  # expect: RA203(warning)
done
