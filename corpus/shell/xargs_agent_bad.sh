#!/usr/bin/env bash
# The agent run by `xargs`, which appends the words of its input to the command: a
# lint-fix job hands the changed files to aider and drops its status (`|| true`), then
# commits whatever the run left; a review loop pipes each file's name to claude through
# `xargs -I {}` and keeps only `tee`'s status.

CHANGED=$(git diff --name-only HEAD~1 HEAD | grep '\.py$' || true)
echo "$CHANGED" | xargs aider --yes --model gpt-4o --message "Fix the lint errors" > aider.log 2>&1 || true  # expect: RA203(warning)
git add -A && git commit -m "lint fixes" && git push

for file in $CHANGED; do
  echo "$file" | xargs -I {} claude -p "Review {} for bugs" | tee -a review.log  # expect: RA203(warning)
done
