#!/usr/bin/env bash
# The agent runs in a sandbox copy; nothing checks what it leaves there (the file the
# prompt asks for is copied when present, and the step goes on either way), so a
# failed run ships without its guide and with no error.
box="$(mktemp -d)"
cp -r . "$box"
( cd "$box" && claude -p --permission-mode acceptEdits <<'PROMPT'  # expect: RA203(warning)
Write a short guide for new users.
PROMPT
) || true
cp -r "$box/docs" ./docs-from-agent
echo "guide step finished"
