#!/usr/bin/env bash
# Valid bash that tree-sitter-bash 0.25 fails on, mended before parsing: an empty
# command substitution (two backticks) in a message, as in "```text```" (an empty
# one, one that runs `text`, another empty one), and as a value. The agent run
# after them is audited like any other; a backtick in single quotes is a literal.

usage() {
    echo "Reply in a '```text```' block, or between the '=== commit ===' markers" >&2
    echo 'Fences look like ``` in the reply'
    empty=``
    echo "done${empty}"
}

message=$(git diff --cached | claude -p "Write a commit message" | sed -n '/^```/,/^```$/p')  # expect: RA203(warning)
echo "$message" > "$1"
