#!/usr/bin/env bash
# RA101 for a pipeline inside a command substitution whose status is used:
# under errexit, `x=$(a | b)` fails exactly when the substitution does, and
# that is the last stage's status.
set -e

API=${API:-https://api.github.com/repos/acme/widgets}
ISSUE=${ISSUE:-42}

issue_title=$(curl -fsS "$API/issues/$ISSUE" | jq -r '.title')  # expect: RA101(warning)

plan=$(gptme --non-interactive "Write a three-step plan for: $issue_title" | tail -n 20)  # expect: RA101(error)

changed_files=$(git diff --name-only origin/main... | grep -c '\.py$')  # expect: RA102(info)

summary=$(
  claude -p "Summarise this plan in one line" <<<"$plan" |  # expect: RA101(error)
    head -n 1
)

echo "issue: $issue_title"
echo "plan summary: $summary ($changed_files python files changed)"
