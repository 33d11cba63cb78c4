#!/usr/bin/env bash
# Near misses: values set across functions, with the status captured so a
# failure reaches the guard.
set -e

build_command() {
  CMD=(claude)
}

add_prompt() {
  CMD+=(-p "$TASK")
}

build_command
add_prompt
rc=0
"${CMD[@]}" || rc=$?
if [ "$rc" -ne 0 ]; then echo "agent failed"; fi

# A local array ends with its function: the caller's RUNNER is a linter.
with_local() {
  local RUNNER=(gptme --non-interactive "Fix lint")
  "${RUNNER[@]}" || echo "agent failed" >&2
}
RUNNER=(shellcheck run.sh)
with_local
"${RUNNER[@]}"
lint_rc=$?
echo "shellcheck exited $lint_rc"

: "${AGENT:=claude}"
if ! $AGENT -p "Write release notes"; then
  echo "agent failed" >&2
fi

# Without the colon a default applies only to an unset variable: `${LINTER-…}` of a
# variable set to "" is empty, and the command run is the word after it.
LINTER=""
${LINTER-claude} shellcheck run.sh || true
git push
