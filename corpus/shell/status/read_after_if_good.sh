#!/usr/bin/env bash
# Near misses: the agent's status read where it is the agent's: in the `else` branch of
# the `if` that runs it, or captured before the test.
set -u

run_gemini() {
  if timeout 300 gemini -p "$1"; then
    return 0
  else
    local exit_code=$?
    if [ "$exit_code" -eq 124 ]; then
      echo "gemini timed out" >&2
    fi
    return "$exit_code"
  fi
}

run_gemini "summarise the changelog" || exit 1

rc=0
claude -p "tidy the docs" > docs.log 2>&1 || rc=$?
if [ "$rc" -eq 0 ]; then
  echo "docs tidied"
fi
echo "claude exited with $rc"

# The run's status kept before an assignment is the run's.
run_codex() {
  local rc=0
  codex exec "$1" || rc=$?
  FAILURE_KIND="other"
  return "$rc"
}
run_codex "update the lockfile" || exit 1
