#!/usr/bin/env bash
# Near miss: `PIPESTATUS` read after the `fi` of the branch that ran the agent in a
# subshell (`( cd "$dir" && claude … )`, its stderr teed): the subshell's status is the
# agent's, and so is the single entry `PIPESTATUS` holds.
set +e
if [[ -n "${WORKDIR:-}" ]]; then
  ( cd "$WORKDIR" && claude -p "Fix the lint errors" ) 2> >(tee claude.err >&2)
else
  claude -p "Fix the lint errors" 2> >(tee claude.err >&2)
fi
rc="${PIPESTATUS[0]}"
set -e
if [[ "$rc" -ne 0 ]]; then
  echo "claude failed with $rc" >&2
  exit "$rc"
fi
