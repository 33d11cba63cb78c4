#!/usr/bin/env bash
# The checks after each run call functions that may come back: `warn` only says
# so, and `stop_if_strict` returns unless STRICT is set. The script goes on to
# commit whatever the agent left, its status unread.
set -uo pipefail
warn() {
  echo "warning: $*" >&2
}
stop_if_strict() {
  if [ -z "${STRICT:-}" ]; then
    return 0
  fi
  exit 1
}
npm test || true
npm run lint || true
claude -p "Fix the failing tests" --allowedTools "Edit,Bash"  # expect: RA203(warning)
if ! npm test; then
  warn "the tests still fail"
fi
codex exec --full-auto "Fix the lint errors"  # expect: RA203(warning)
npm run lint || stop_if_strict
git commit -qam "fix tests and lint"
