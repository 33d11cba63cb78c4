#!/usr/bin/env bash
# RA302: attempt loops that judge each run by what it printed, with its status set
# aside: an empty answer, or the `Error:` line the CLI prints when it gives up, sends
# the loop round to run the agent again; an answer ends it.
set -u
prompt="$1"

for attempt in 1 2 3; do  # expect: RA302(warning)
  answer=$(claude -p "$prompt" 2>&1 || true)
  if [ -z "$answer" ] || echo "$answer" | grep -q '^Error:'; then
    echo "attempt $attempt gave no answer" >&2
    sleep 10
    continue
  fi
  printf '%s\n' "$answer" > answer.md
  break
done

for attempt in 1 2 3; do  # expect: RA302(warning)
  codex exec "$prompt" > codex.log 2>&1 || true
  if [[ -s codex.log ]]; then
    break
  fi
  sleep 10
done
