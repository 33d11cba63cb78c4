#!/usr/bin/env bash
# Loops that start the agent again because it failed (RA302). A failed run has
# already edited files and called tools; a fresh run repeats all of it.
set -u

TASK=${TASK:-"Work through TASKS.md"}

# `until`: re-run until the agent succeeds.
until gptme --non-interactive "$TASK"; do  # expect: RA302(warning)
  sleep 60
done

# `while !`: the same, spelled the other way round.
while ! timeout 3600 gptme --non-interactive "$TASK"; do  # expect: RA302(warning)
  sleep 300
done

# Break on success: the loop only ends when Claude Code exits 0.
while true; do  # expect: RA302(warning)
  cat PROMPT.md | claude -p --dangerously-skip-permissions && break  # expect: RA102(info)
  sleep 60
done

# Continue on failure, leave on success.
for attempt in 1 2 3; do  # expect: RA302(warning)
  if ! codex exec "$TASK"; then
    echo "attempt $attempt failed" >&2
    continue
  fi
  break
done

# A status read after the run, then a guard that only leaves on success.
for attempt in $(seq 1 5); do  # expect: RA302(warning)
  rc=0
  aider --yes --message "$TASK" || rc=$?
  if [ "$rc" -eq 0 ]; then
    break
  fi
  sleep $(( attempt * 30 ))
done

# A function that runs the agent counts as the agent.
run_agent() {
  timeout 1800 gptme --non-interactive "$@"
}

n=0
while (( n < 5 )); do  # expect: RA302(warning)
  n=$(( n + 1 ))
  run_agent "$TASK" && exit 0
  sleep 120
done

# Retried on a generic failure only (exit 1): still a fresh run each time.
for i in {1..3}; do  # expect: RA302(warning)
  gptme --non-interactive "$TASK"
  rc=$?
  case $rc in
    0) break ;;
    1) echo "generic failure, trying again" ;;
    *) exit "$rc" ;;
  esac
done

# A resume on the transient code, but of an anonymous session: it starts over.
for attempt in 1 2 3; do  # expect: RA302(warning)
  gptme --non-interactive "$TASK"
  rc=$?
  [ "$rc" -eq 75 ] || exit "$rc"
  sleep 600
done
