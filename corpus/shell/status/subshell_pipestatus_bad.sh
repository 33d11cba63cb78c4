#!/usr/bin/env bash
# RA203: the subshell goes on after the agent (`echo done`), so its status, and the
# `PIPESTATUS` read after the `fi`, are that command's, never the agent's.
set +e
if [[ -n "${WORKDIR:-}" ]]; then
  ( cd "$WORKDIR" && claude -p "Fix the lint errors"; echo "done" ) 2> >(tee claude.err >&2)  # expect: RA203(warning)
else
  claude -p "Fix the lint errors" 2> >(tee claude.err >&2)
fi
rc="${PIPESTATUS[0]}"
set -e
if [[ "$rc" -ne 0 ]]; then
  echo "claude failed with $rc" >&2
  exit "$rc"
fi
