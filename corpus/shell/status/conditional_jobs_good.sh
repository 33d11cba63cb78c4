#!/usr/bin/env bash
# A near miss: the agent is started in the background as the condition of an `if` (a
# failure to start falls back to a second command, started by a later `if`); the pid
# read after both may be either job's, and its `wait` reads the status.
run_step() {
  local modern=true
  if [[ "$modern" == "true" ]]; then
    if timeout 600s claude -p "$1" < /dev/null > step.log 2>&1 &
    then
      :
    else
      modern=false
    fi
  fi
  if [[ "$modern" == "false" ]]; then
    if timeout 600s "$FALLBACK_CMD" < prompt.txt > step.log 2>&1 &
    then
      :
    else
      return 1
    fi
  fi
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do sleep 5; done
  wait "$pid"
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "step failed ($rc)" >&2
    return 1
  fi
}
run_step "Fix the failing tests" || exit 1
