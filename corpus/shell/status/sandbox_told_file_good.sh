#!/usr/bin/env bash
# Near miss: the agent runs in a sandbox copy and is told to write GUIDE.md there; the
# script checks `$box/GUIDE.md` (the prompt's file, where the run writes it) and
# writes a fallback when the run left none.
box="$(mktemp -d)"
cp -r . "$box"
( cd "$box" && claude -p --permission-mode acceptEdits <<'PROMPT'
Write GUIDE.md at the project root: a short guide for new users.
PROMPT
) || true
if [ -s "$box/GUIDE.md" ]; then
    cp "$box/GUIDE.md" GUIDE.md
else
    echo "# Guide (not generated)" > GUIDE.md
fi
