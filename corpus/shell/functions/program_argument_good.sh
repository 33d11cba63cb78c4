#!/usr/bin/env bash
# Near misses: the same functions called with programs that are no agent (each call is
# judged by what it names, not by another call that named an agent), and a call that
# names an agent under pipefail.
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

run_with codex exec --full-auto "Fix the build" > build.log
run_with printf "%s\n" "no agent here" | tee -a notes.log  # expect: RA102(info)
run_step echo "Work on the next task" | tee -a step.log  # expect: RA102(info)

if [[ -n "${VERBOSE:-}" ]]; then CHOICE=cat; else CHOICE=echo; fi
run_step "$CHOICE" "Summarise the diff" | tee summary.md  # expect: RA102(info)
use_agent "$CHOICE"
$AGENT -p "Review the summary" | tee review.md

lint_code() {
    ruff check "$@"
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

dispatch lint_code src/ | tee -a lint.log  # expect: RA102(info)
if [[ -n "${PLAN:-}" ]]; then STEP=plan; else STEP=build; fi
$STEP echo | tee -a plan.log  # expect: RA102(info)
dispatch run_step printf "%s\n" | tee -a tidy.log  # expect: RA102(info)

set -o pipefail
run_step claude "Work on the next task" | tee -a step.log
echo "done"
