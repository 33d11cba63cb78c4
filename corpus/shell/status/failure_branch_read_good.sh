#!/usr/bin/env bash
# Near misses: the failure branch reads `$?` before anything else runs, or
# reads the status of a command of its own that can fail, or reads the agent's own
# `PIPESTATUS` entry.
set -o pipefail

if cat PROMPT.md | codex exec - 2>&1 | tee run.log; then
  echo "codex finished"
else
  CODEX_EXIT=$?
  if [ -n "${WATCH_PID:-}" ]; then
    kill "$WATCH_PID" 2>/dev/null || true
  fi
  echo "codex failed (exit code: $CODEX_EXIT)" >&2
  exit "$CODEX_EXIT"
fi

if gemini -p "Summarise the changes" > summary.md; then
  echo "summarised"
else
  git stash --include-untracked
  stashed=$?
  echo "gemini failed; stash exited $stashed" >&2
  exit 1
fi

run_turn() {
  if ! claude -p "$1" > turn.txt 2>&1; then
    echo "claude failed" >&2
    return 1
  fi
  return 0
}
run_turn "Fix the failing tests" || exit 1

# `PIPESTATUS` in the failure branch at the agent's own stage.
if ! printf '%s\n' "$PROMPT" | codex exec --full-auto - > codex.log 2>&1; then
  CODEX_EXIT=${PIPESTATUS[1]}
  echo "codex failed with $CODEX_EXIT" >&2
  exit "$CODEX_EXIT"
fi

# A test of the branch's own command's status, and a second run's status shown.
if claude -p "Write the release notes" > notes.md; then
  echo "notes written"
else
  git checkout -- notes.md
  if [ $? -ne 0 ]; then
    echo "could not restore notes.md" >&2
  fi
  claude --continue -p "Try again, shorter" > notes.md
  echo "second attempt exited $?" >&2
  exit 1
fi

# A fallback agent's own status, a fallback command's status handed on, a message about
# the command it follows, and a status kept with `printf -v`.
fallback_review() {
  if ! claude -p "Review the diff" > review.md; then
    codex exec --full-auto "Review the diff" > review.md
    return $?
  fi
}
fallback_review || exit 1

if gemini -p "Update the changelog" > CHANGELOG.new; then
  mv CHANGELOG.new CHANGELOG.md
else
  git checkout -- CHANGELOG.md
  echo "restoring CHANGELOG.md exited $?" >&2
  rm -f CHANGELOG.new
  printf -v removed 'rm exited %d' $?
  echo "$removed" >&2
  exit 1
fi

update_dependencies() {
  if ! claude -p "Update the npm dependencies and fix what breaks" > update.log; then
    npm update
    return $?
  fi
}
update_dependencies || exit 1
