#!/usr/bin/env bash
# Near misses: a greeting alone as the prompt (`-p ping`) asks for no work; it only
# wakes the CLI (a sign-in refresh, a key check), so a status it drops loses no run,
# and a loop that repeats it repeats no work.
EXPIRES=$(jq -r '.expiresAt' "$HOME/.claude/credentials.json")
if [ "$EXPIRES" -le "$(date +%s)" ]; then
    timeout 30 claude -p "ping" --max-turns 1 > /dev/null 2>&1 || true
fi
until gemini -p "ping" > /dev/null 2>&1; do
    sleep 30
done
claude -p "$(cat TASK.md)" --dangerously-skip-permissions || exit 1
