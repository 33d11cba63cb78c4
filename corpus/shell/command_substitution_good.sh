#!/usr/bin/env bash
# Near misses for RA101 in command substitutions: only trivial producers
# before the last stage; a substitution inside an argument (the command's
# status is `echo`'s, not the substitution's); and, once errexit is off, an
# assignment whose status nothing reads.
set -e

TITLE=${TITLE:-"Fix flaky retry test"}
MODEL=${MODEL:-anthropic/claude-sonnet-4}

branch=$(git rev-parse --abbrev-ref HEAD)
slug=$(echo "$TITLE" | tr '[:upper:] ' '[:lower:]-')
model_name=$(printf '%s' "$MODEL" | cut -d/ -f2)
echo "working on: $(git log -1 --format=%s | cut -c1-60)"
printf 'branch=%s slug=%s model=%s\n' "$branch" "$slug" "$model_name"

set +e
open_count=$(gh issue list --state open --json number | jq 'length')
echo "open issues: $open_count"
