#!/usr/bin/env bash
# The run's status is thrown away, but what it did is judged before anything is kept:
# the function returns early when nothing changed, notes what did (a logging function,
# an assignment), then fails when the build it ran before the agent now breaks, and its
# caller reads that status. Tests that leave, values looked at and messages change
# nothing the run did: the check may come after them.
set -uo pipefail
log() { echo "[$(date '+%H:%M:%S')] $*" >&2; }
improve_docs() {
  npm run build
  claude -p "Improve the docs" --allowedTools "Edit" || true
  if [ -z "$(git status --porcelain)" ]; then
    log "no changes"
    return 0
  fi
  local changed
  changed=$(git diff --name-only)
  log "changed: $changed"
  if ! npm run build; then
    git checkout -- .
    return 1
  fi
  git commit -qam "docs: improve $changed"
}
improve_docs || exit 1
