#!/usr/bin/env bash
# A variable holds every value a path can give it: each arm of an `if` or a `case`,
# each element of an array read at a key known only at run time (an associative
# array of agent commands picked by a flag). One of them runs an agent, so the
# pipeline around it loses that agent's status.
set -e
declare -A AGENT_CMD=(
    [dry-run]="echo would run"
    [claude]="claude -p --dangerously-skip-permissions"
)
AGENT_CMD[codex]="codex exec --full-auto"
RUNNER="${AGENT_CMD[$TOOL]}"
$RUNNER "Work on the next task in TODO.md" | tee -a agent.log  # expect: RA101(error)

case "$REVIEWER" in
    gemini) REVIEW="gemini -p" ;;
    *) REVIEW="cat" ;;
esac
$REVIEW "Review the last commit" | tee review.md  # expect: RA101(error)

if [[ -z "${OFFLINE:-}" ]]; then
    SUMMARY="opencode run"
else
    SUMMARY="echo offline:"
fi
$SUMMARY "Summarise today's commits" | tee summary.md  # expect: RA101(error)

pick_fixer() {
    if [[ "${AUTO_FIX:-}" == 1 ]]; then FIXER="aider --yes-always --message"; else FIXER="true"; fi
}
pick_fixer
$FIXER "Fix the failing tests" | tee fix.log  # expect: RA101(error)
echo "done"
