#!/usr/bin/env bash
# A job fed by a here-doc (`cmd <<EOF &`, the body on the next lines) is valid bash that
# tree-sitter-bash 0.25 reads as an error: mended, the job is audited like any other.
# This one sends the agent's prompt in a here-doc and nothing waits for it.
mkdir -p logs

claude -p --dangerously-skip-permissions <<PROMPT > logs/review.log 2>&1 &  # expect: RA203(warning)
Review the open pull requests and leave comments.
PROMPT
echo "review started"
