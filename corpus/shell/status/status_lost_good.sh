#!/usr/bin/env bash
# Near misses for RA203: every agent status is read or decides something.

if ! gptme --non-interactive "Fix lint errors"; then
  echo "agent failed" >&2
  exit 1
fi

gptme --non-interactive "Write release notes" && git add NOTES.md

gptme --non-interactive "Warm the cache" &
wait

claude -p "Summarise the day"
status=$?
echo "claude exited $status"

codex exec "Tidy imports"
