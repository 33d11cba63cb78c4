#!/usr/bin/env bash
# A prompt written out in a here-doc and spliced in with `"$(cat <<EOF … EOF)"` is as
# readable as a quoted string: the files it names are the run's to write, and a file the
# script examines afterwards that it does not name judges nothing of it. The judges'
# statuses are lost in their background groups (RA203); the review agent after them is
# judged by the brief its prompt names, which the script tests (its near miss).
OUT=/tmp/judges
mkdir -p "$OUT"

(
  claude -p "$(cat <<PROMPT  # expect: RA203(warning)
You are the spec judge. Read the changed files.
Write your findings to: $OUT/spec-review.md
PROMPT
)" --allowedTools "Read,Grep" > "$OUT/spec-judge.log" 2>&1
  echo "spec judge done"
) &
wait

claude -p "$(cat <<PROMPT
Read $OUT/spec-review.md and write a verdict, SHIP or FIX, to $OUT/brief.md.
PROMPT
)" --allowedTools "Read,Write" > "$OUT/review.log" 2>&1
if ! grep -q 'SHIP' "$OUT/brief.md"; then
  echo "the review asks for fixes" >&2
  exit 1
fi
