#!/usr/bin/env bash
# Near misses: a failure's stand-in text that the output's test does not take for an
# answer (`FAIL` against `PASS`), one it matches as the failure's own word (`ERROR`), and
# tests that match whole words or lines only (`grep -w`, `grep -x`).
set -u

score=0
for check in coverage style; do
  result="$(claude -p "Judge the $check of design.md: answer PASS or FAIL" 2>/dev/null || echo "FAIL")"
  if grep -qi "PASS" <<< "$result"; then
    score=$((score + 1))
  fi
done
echo "score $score"

summary="$(gemini -p "Summarise CHANGES.md in one line" || echo "ERROR")"
if grep -q "ERROR" <<< "$summary"; then
  echo "summary failed" >&2
  exit 1
fi

verdict="$(claude -p "Answer FOUND or NOT_FOUND: is the leak in review.md?" || echo "NOT_FOUND")"
if grep -qiw "FOUND" <<< "$verdict"; then
  echo "leak found"
fi

decision="$(codex exec "Reply APPROVED or UNAPPROVED" || echo "UNAPPROVED")"
if grep -qx "APPROVED" <<< "$decision"; then
  git push origin HEAD
fi
