#!/usr/bin/env bash
# The captured output is copied into another variable (or a part of it into a third) and
# the copy is examined for the completion marker: the run is judged by its output.

for i in $(seq 1 5); do
  OUTPUT=$(claude -p "Work through TODO.md" 2>&1 | tee -a run.log) || true
  TEXT="$OUTPUT"
  if echo "$TEXT" | grep -q "<promise>COMPLETE</promise>"; then
    exit 0
  fi
done

for i in $(seq 1 5); do
  RESULT=$(codex exec "Fix the failing test" 2>&1 | tee -a run.log) || true
  LAST_LINE=$(echo "$RESULT" | tail -n 1)
  DECISION="${LAST_LINE}"
  [[ "$DECISION" == "DONE" ]] && break
done

# Another run judges the output: the judge's reply, a copy of it, is tested for the verdict.
for ((round = 1; round <= 3; round++)); do
  WORK=$(codex exec "Fix the flaky test" 2>&1) || true
  VERDICT=$(claude -p "Did this run fix the flaky test? Answer PASS or FAIL.
$WORK" 2>&1) || true
  if grep -q "^PASS" <<< "$VERDICT"; then
    break
  fi
done
exit 1

# A run at the top level, its output copied and examined in a function called after it.
REPLY=$(claude -p "Work through TODO.md" 2>&1) || true
check_reply() {
  local last
  last=$(echo "$REPLY" | tail -n 1)
  [[ "$last" == DONE ]] || exit 1
}
check_reply

# The file it writes is read back through a pipe that only trims it, and the copy is tested.
make_slug() {
  local file slug
  file=$(mktemp)
  claude -p "Give a kebab-case slug for: $1" > "$file" 2>/dev/null
  slug=$(cat "$file" | tr -d '\n' | tr '[:upper:]' '[:lower:]')
  rm -f "$file"
  if [[ ! "$slug" =~ ^[a-z0-9-]+$ ]]; then
    slug="task-$(date +%s)"
  fi
  echo "$slug"
}
make_slug "Fix the login page"

# The same comment, but the here-doc feeds a test of what the run wrote, and a post
# whose failure stops the script.
post_checked_review() {
  echo "$REVIEW_PROMPT" | gemini --model gemini-2.5-pro > /tmp/review-$$
  local review
  review=$(cat /tmp/review-$$)
  if grep -q "LGTM" <<EOF
$review
EOF
  then
    gh pr review "$PR" --approve || exit 1
  fi
}
post_checked_review

# The output posted in a condition whose failure stops the script: a message-only `&&`
# inside the condition does not make it decide nothing.
summary=$(gemini -p "Summarise the diff")
if curl -fsS -d "$summary" https://example.com/post && echo "posted"; then
  echo "ok"
else
  exit 1
fi
