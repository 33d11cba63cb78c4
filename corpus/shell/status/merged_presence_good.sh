#!/bin/bash
# Near miss: the same runs judged by their output. Without the error output, an empty
# answer is the failure the test catches; with it, a test of what the text says (a
# marker, a verdict) still judges the run.
review=$(claude --print "Review the diff in $DIFF_FILE") || true
if [[ -n "$review" ]]; then
  echo "$review" > review.md
else
  echo "no review" >&2
  exit 1
fi

verdict=$(claude --print "Answer APPROVED or CHANGES for $DIFF_FILE" 2>&1) || true
if [[ "$verdict" == *APPROVED* ]]; then
  gh pr review --approve
fi

errors=$(claude --print "Lint $DIFF_FILE" 2>&1 >/dev/null) || true
if [ -n "$errors" ]; then
  echo "the linter run failed: $errors" >&2
  exit 1
fi
