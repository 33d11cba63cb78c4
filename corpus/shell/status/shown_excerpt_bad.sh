#!/usr/bin/env bash
# The review's output (errors merged in) is only tested for having text and then shown:
# its first lines, and a note when it is long. None of that judges the run, so a failed
# review is reported as done.
review=$(claude --print "Review the open pull requests" 2>&1) || true  # expect: RA203(warning)
if [[ -n "$review" ]]; then
    echo "review done"
    echo "$review" | head -30
    if [[ $(echo "$review" | wc -l) -gt 30 ]]; then
        echo "(the full review is in review.md)"
    fi
    echo "$review" > review.md
else
    echo "no reply"
fi
