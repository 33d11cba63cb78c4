#!/usr/bin/env bash
# Near misses: a failure's stand-in text that the output's test does not take for an
# answer (`FAIL` against `PASS`), one it matches as the failure's own word (`ERROR`,
# `CLAUDE_ERROR`), tests that match whole words or lines only (`grep -w`, `grep -x`), and
# a loop whose count of open items goes into the prompt and decides when it stops.
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

reply="$(claude -p "Fix the failing test in tests/test_io.py" || echo "CLAUDE_ERROR")"
if grep -q "ERROR" <<< "$reply"; then
  exit 1
fi

left=$(grep -c "TODO" PLAN.md || true)
while [ "$left" -gt 0 ]; do
  claude -p "$(cat PROMPT.md) Open items left: $left" --dangerously-skip-permissions
  left=$(grep -c "TODO" PLAN.md || true)
done
