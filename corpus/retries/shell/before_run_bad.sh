#!/usr/bin/env bash
# RA302 where the run is not the first thing an iteration does: a `cd` before it
# (where `cd` fails the agent does not run, which tells nothing of how a run ends),
# a check before it that leaves or skips the iteration, a program chosen by config.
set -uo pipefail
PROMPT="Fix the failing tests in TODO.md"
MAX_RETRIES=3

attempt=0
while [ "$attempt" -le "$MAX_RETRIES" ]; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  (cd "$WORKDIR" && claude -p "$PROMPT") >> run.log 2>&1
  rc=$?
  if [ "$rc" -eq 0 ]; then
    break
  fi
  sleep 5
done

attempt=0
while [[ "$attempt" -lt "$MAX_RETRIES" ]]; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  if [ -f STOP ]; then
    exit 0
  fi
  if ! git pull --ff-only; then
    sleep 10
    continue
  fi
  if gemini -p "$PROMPT" > out.txt 2>&1; then
    break
  fi
  sleep 30
done

# The program comes from a config file; when the file says nothing, it is `claude`.
BINARY="$(read_config binary)"
BINARY="${BINARY:-claude}"
TIMEOUT_CMD=""
if [ -n "${JOB_TIMEOUT:-}" ]; then
  TIMEOUT_CMD="timeout ${JOB_TIMEOUT}"
fi
CMD=("$BINARY" -p "$PROMPT" --output-format text)
attempt=0
while [ "$attempt" -le "$MAX_RETRIES" ]; do  # expect: RA302(warning)
  attempt=$((attempt + 1))
  $TIMEOUT_CMD "${CMD[@]}" >> run.log 2>&1
  status=$?
  [ "$status" -eq 0 ] && break
  sleep 5
done
