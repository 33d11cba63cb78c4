#!/bin/bash
# Near miss: a `for` over numbers that picks each turn's issue by its number works
# through the list; a failed run is not run again, the next issue is.
issues=$(gh issue list --label agent --json number,title)
count=$(echo "$issues" | jq length)
for i in $(seq 0 $((count - 1))); do
  number=$(echo "$issues" | jq -r ".[$i].number")
  if claude -p "Fix issue #$number"; then
    gh issue comment "$number" --body "fixed"
    continue
  fi
  echo "issue $number failed" >&2
done
