#!/usr/bin/env bash
# A function whose body ends running the program its caller names (`"$1"`, or a local
# copied from it) runs the agent a call names: that call, in a pipeline, loses the
# agent's status. A call given a variable that may hold an agent may run it too, and
# what a function assigns from such an argument holds each of its values. A program
# the values leave unknown (`$(cat agent.txt)`) may still be the agent.
set -e
run_step() {
    "$1" -p "$2" --output-format json
}

run_with() {
    local tool=$1
    shift
    timeout 900 "$tool" "$@"
}

use_agent() {
    AGENT=$1
}

run_step claude "Work on the next task" | tee -a step.log  # expect: RA101(error)
run_with codex exec --full-auto "Fix the build" | tee -a build.log  # expect: RA101(error)

if [[ -n "${PREFER_GEMINI:-}" ]]; then CHOICE=gemini; else CHOICE=echo; fi
run_step "$CHOICE" "Summarise the diff" | tee summary.md  # expect: RA101(error)
use_agent "$CHOICE"
$AGENT -p "Review the summary" | tee review.md  # expect: RA101(error)

ask_claude() {
    claude -p "$1"
}

dispatch() {
    local fn=$1
    shift
    "$fn" "$@"
}

plan() {
    "$1" -p "Plan the work"
}

build() {
    echo "building with $1"
}

dispatch ask_claude "Fix the lint errors" | tee -a lint.log  # expect: RA101(error)
if [[ -n "${PLAN:-}" ]]; then STEP=plan; else STEP=build; fi
$STEP claude | tee -a plan.log  # expect: RA101(error)
dispatch run_step claude "Tidy the changelog" | tee -a tidy.log  # expect: RA101(error)

run_configured() {
    "$AGENT_CMD" -p "$1"
}

AGENT_CMD=claude
run_configured "Plan the release" | tee release.log  # expect: RA101(error)
AGENT_CMD="$(cat agent.txt)"
run_configured "Review the release" | tee review.log  # expect: RA101(error)
echo "done"
