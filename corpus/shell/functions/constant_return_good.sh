#!/bin/bash
# Near misses: a function that reads the agent's status before its `return 0`, one that
# passes the status on, and one ending with `return 0` whose callers never test it.
set -eo pipefail

plan_step() {
    if ! claude -p "Write the plan" > plan.md; then
        echo "planning failed" >&2
        return 1
    fi
    return 0
}

build_step() {
    codex exec --full-auto "Build the plan" 2>&1 | tee -a build.log
    return $?
}

notify_step() {
    gemini -p "Write the release note" > note.md || echo "no release note" >&2
    return 0
}

if ! plan_step; then
    exit 1
fi
build_step || exit 1
notify_step
