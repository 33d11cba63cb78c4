#!/usr/bin/env bash
# Near misses: a review too short to be one stops the step (the count judges the run),
# and the excerpt shown is grepped for the verdict.
review=$(claude --print "Review the open pull requests; end with VERDICT: ok" 2>&1) || true
if [[ $(echo "$review" | wc -l) -lt 3 ]]; then
    echo "the review failed: $review" >&2
    exit 1
fi
echo "$review" | head -30
if ! echo "$review" | tail -n 5 | grep -q "VERDICT: ok"; then
    echo "the review found problems" >&2
    exit 1
fi
