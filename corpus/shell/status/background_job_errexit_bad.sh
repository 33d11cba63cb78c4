#!/bin/bash
# RA204 in parallel jobs under `set -e`: each `( … ) &` inherits errexit, so a failed
# run ends its subshell before the line that logs `$?`; and a bare `wait "$pid"` ends
# the script when the job failed, before the summary reads the status it returns.
set -e
(
    cd "$WORKDIR"
    echo "$PROMPT" | claude --print --permission-mode bypassPermissions > claude.log 2>&1
    echo "claude exit code: $?" >> claude.log  # expect: RA204(error)
) &
claude_pid=$!
(
    codex exec --sandbox workspace-write "$PROMPT" > codex.log 2>&1
    echo "codex exit code: $?" >> codex.log  # expect: RA204(error)
) &
codex_pid=$!
wait "$claude_pid"
claude_exit=$?  # expect: RA204(error)
wait "$codex_pid"
codex_exit=$?  # expect: RA204(error)
echo "claude: $claude_exit, codex: $codex_exit"

# The status kept in a branch and shown after its `fi`: the message is for a failure
# it never sees.
if command -v gemini > /dev/null; then
    gemini --yolo --prompt "$PROMPT" > gemini.log 2>&1
    gemini_exit=$?  # expect: RA204(error)
else
    exit 1
fi
echo "gemini finished with exit code $gemini_exit"
