#!/usr/bin/env bash
# RA204 and RA203 through values set across functions: bash runs a function's
# body at its call, so an array built in one function and extended in another
# holds the agent when a third runs it.
set -e

build_command() {
  CMD=(claude)
}

add_prompt() {
  CMD+=(-p "$TASK")
}

run_agent() {
  "${CMD[@]}"
}

build_command
add_prompt
run_agent
rc=$?  # expect: RA204(error)
if [ "$rc" -ne 0 ]; then echo "agent failed"; fi

"${CMD[@]}"
status=$?  # expect: RA204(error)
if [ "$status" -ne 0 ]; then echo "agent failed"; fi

# A variable set from an environment default resolves to its default.
CLAUDE=${CLAUDE_CMD:-claude}
"$CLAUDE" -p "Summarise the day"
claude_rc=$?  # expect: RA204(error)
if [ "$claude_rc" -eq 124 ]; then echo "timed out"; fi

: "${AGENT:=gptme}"
$AGENT --non-interactive "Tidy the changelog" || true  # expect: RA203(warning)
git commit -am "changelog"

# A default applies to a variable set to the empty string too (`:-`, `:=`): the
# function picks `codex` when nothing chose another program before it.
REVIEWER=""
pick_reviewer() {
  if [ -n "${REVIEW_CMD:-}" ]; then
    REVIEWER="$REVIEW_CMD"
  fi
  REVIEWER="${REVIEWER:-codex}"
}
pick_reviewer
"$REVIEWER" exec "Review the diff" || true  # expect: RA203(warning)
WRITER=""
: "${WRITER:=gemini}"
"$WRITER" -p "Write the summary" || true  # expect: RA203(warning)
git push

# An empty element of an array takes the default; a known one does not.
AGENTS=("" claude)
"${AGENTS[1]:-gemini}" -p "Tidy the docs" || true  # expect: RA203(warning)
git push
