#!/usr/bin/env bash
# RA203: a judge run whose failure the capture turns into a text of its own, which the
# output's only test then passes as it passes an answer: `NOT_FOUND` holds `FOUND`,
# `UNAPPROVED` holds `APPROVED`. A failed judge (no credit, a rate limit, no binary)
# counts as a positive verdict. The issue's text read for the prompt judges nothing.
set -u

KNOWN=${KNOWN:-known-issues.json}
REVIEW=$(<review.md)
found=0
while IFS= read -r issue; do
  desc="$(jq -r --arg id "$issue" '.[] | select(.id == $id) | .description' "$KNOWN")"
  verdict="$(claude -p "Answer FOUND or NOT_FOUND. Issue: ${desc}. Review: ${REVIEW}" 2>/dev/null || echo "NOT_FOUND")"  # expect: RA203(warning)
  if grep -qi "FOUND" <<< "$verdict"; then
    found=$((found + 1))
  fi
done < <(jq -r '.[].id' "$KNOWN")
echo "found $found issues"

approval="$(codex exec "Reply APPROVED or UNAPPROVED for the diff in $PWD" || echo "UNAPPROVED")"  # expect: RA203(warning)
if grep -q APPROVED <<< "$approval"; then
  git push origin HEAD
fi

status="$(claude -p "Reply NOT DONE until the plan is finished, then DONE" || echo "NOT DONE")"  # expect: RA203(warning)
if grep -qv "DONE" <<< "$status"; then
  echo "still working"
fi
