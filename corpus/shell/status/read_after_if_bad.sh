#!/usr/bin/env bash
# RA203: `$?` read after the `fi` of an `if` with no `else` whose condition runs the
# agent is the `if`'s status: 0 when the agent failed and no branch ran, so the timeout
# and failure handling below never see the agent's code.
set -u

run_gemini() {
  if timeout 300 gemini -p "$1"; then
    return 0
  fi
  local exit_code=$?  # expect: RA203(warning)
  if [ "$exit_code" -eq 124 ]; then
    echo "gemini timed out" >&2
  fi
  return 1
}

run_gemini "summarise the changelog" || exit 1

if claude -p "tidy the docs" > docs.log 2>&1; then
  echo "docs tidied"
fi
rc=$?  # expect: RA203(warning)
echo "claude exited with $rc"

# An assignment between the `fi` and the read: `$?` is its status, 0.
run_codex() {
  if codex exec "$1"; then
    FAILURE_KIND="none"
    return 0
  fi
  FAILURE_KIND="other"
  return $?  # expect: RA203(warning)
}
run_codex "update the lockfile" || exit 1
