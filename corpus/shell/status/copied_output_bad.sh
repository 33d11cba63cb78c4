#!/usr/bin/env bash
# The captured output is copied into other variables, and the copies are only shown or
# logged: nothing examines what the run printed, so its discarded status is lost.

for i in $(seq 1 5); do
  OUTPUT=$(claude -p "Work through TODO.md" 2>&1 | tee -a run.log) || true  # expect: RA203(warning)
  SHOWN="$OUTPUT"
  SUMMARY=$(echo "$SHOWN" | tail -n 3)
  echo "iteration $i: $SUMMARY"
  sleep 2
done

# Another function's variable of the same name is copied and examined there: not this run's.
review() {
  local output
  output=$(opencode run "Review the last commit" 2>&1) || true  # expect: RA203(warning)
  if [[ -n "$output" ]]; then
    echo "review: $output"
  fi
  date >> reviews.log
}

check_done() {
  local output status
  output=$(opencode run "Is the task complete? Answer STATUS: YES or NO" 2>&1) || true
  status=$(echo "$output" | grep -o "STATUS: [A-Z]*")
  [[ "$status" == "STATUS: YES" ]]
}

while true; do
  review
  check_done && break
done

# Its length is no copy of the text: a test of it only decides what is shown.
while true; do
  said=$(gemini -p "Summarise the open issues" 2>&1) || true  # expect: RA203(warning)
  size=${#said}
  if [ "$size" -gt 0 ]; then echo "got $size characters"; fi
  sleep 60
done

# Each phase's output is only context for the next phase's prompt, and the last is shown:
# no phase's failure is noticed.
for ((round = 1; round <= 3; round++)); do
  PLAN=$(claude -p "/plan the next feature" 2>&1) || true  # expect: RA203(warning)
  echo "$PLAN"
  BUILT=$(claude -p "/build this plan: $PLAN" 2>&1) || true  # expect: RA203(warning)
  echo "$BUILT"
done

# Another run judges the fix, its reply piped straight into the test: the fix is judged
# (no RA203 at `codex`), but the judge's own status is lost to `grep` (RA101).
for ((round = 1; round <= 3; round++)); do
  FIX=$(codex exec "Fix the failing lint job" 2>&1) || true
  if claude -p "Did this fix the lint job? Answer PASS or FAIL. $FIX" 2>/dev/null | grep -q "^PASS"; then  # expect: RA101(error)
    break
  fi
done

# The file it wrote is read back through a trimming pipe, but the copy is only shown.
name_branch() {
  local file name
  file=$(mktemp)
  claude -p "Give a branch name for: $1" > "$file" 2>/dev/null || true  # expect: RA203(warning)
  name=$(cat "$file" | tr -d '\n')
  rm -f "$file"
  echo "branch: $name"
}
name_branch "Fix the login page"

# The review is copied into a comment through a here-doc and posted; the post's status
# only picks a message. Nothing examines what the run wrote.
post_review() {
  echo "$REVIEW_PROMPT" | gemini --model gemini-2.5-pro > /tmp/review-$$  # expect: RA203(warning)
  local review comment
  review=$(cat /tmp/review-$$)
  comment=$(cat <<EOF
## Automated review

$review
EOF
)
  gh pr comment "$PR" --body "$comment" && echo "posted" || echo "post failed"
}
post_review

# A here-doc that feeds a loop printing each line only shows the output.
changed=$(claude -p "List the files you changed")  # expect: RA203(warning)
while read -r line; do
  echo "changed: $line"
done <<EOF
$changed
EOF
git add -A
