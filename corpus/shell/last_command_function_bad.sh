#!/usr/bin/env bash
# RA101 for the last command of a function: it is the function's return
# status, which its callers see, so a pipeline there has its status used even
# without errexit. Covers `name() { }` and `function name { }` forms and a
# one-line function.

LOG=${LOG:-agent.log}
REPO=${REPO:-acme/widgets}

run_agent() {
  local prompt=$1
  echo "[$(date +%T)] running: $prompt" >> "$LOG"
  gptme --non-interactive "$prompt" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
}

issue_title() {
  curl -fsS "https://api.github.com/repos/$REPO/issues/$1" | jq -r '.title'  # expect: RA101(warning)
}

function review_diff {
  git diff "$1" | claude -p "Review this diff for bugs" | tee "review-$1.md"  # expect: RA101(error)
}

count_failures() { grep -c FAILED "$LOG" | tr -d ' '; }  # expect: RA102(info)

title=$(issue_title 42)
run_agent "Fix issue 42: $title"
review_diff HEAD~1
echo "failures: $(count_failures)"
exit 0
