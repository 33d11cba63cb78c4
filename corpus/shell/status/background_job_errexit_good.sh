#!/bin/bash
# Near miss: the same parallel jobs with each failure captured where it happens
# (`|| rc=$?` inside the subshell, `wait "$pid" || exit_code=$?`), and a status kept
# in a branch that only an `exit` after the `fi` uses.
set -e
(
    cd "$WORKDIR"
    rc=0
    echo "$PROMPT" | claude --print --permission-mode bypassPermissions > claude.log 2>&1 || rc=$?
    echo "claude exit code: $rc" >> claude.log
    exit "$rc"
) &
claude_pid=$!
claude_exit=0
wait "$claude_pid" || claude_exit=$?
echo "claude: $claude_exit"

gemini_exit=0
if command -v gemini > /dev/null; then
    gemini --yolo --prompt "$PROMPT" > gemini.log 2>&1 || gemini_exit=$?
fi
echo "gemini finished with exit code $gemini_exit"
exit "$gemini_exit"
