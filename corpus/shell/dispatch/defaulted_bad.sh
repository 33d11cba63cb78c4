#!/usr/bin/env bash
# The library is sourced through a variable's default (`${TOOL_LIB:-…}`): what runs when
# nothing overrides it, so `run_codex` is the library's, and inside `if ! …; then` the
# read is the negation's status.
set -uo pipefail
SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
. "${TOOL_LIB:-$SCRIPT_DIR/lib/agent.sh}"
rc=0
if ! run_codex prompts/plan.md PLAN.md; then
    rc=$?  # expect: RA203(warning)
    echo "codex failed ($rc)" >&2
fi
exit "$rc"
