#!/usr/bin/env bash
# A task runner that pipes the prompt into the agent inside a subshell, logs the
# run through `tee` in the background and waits for it: without pipefail the
# backgrounded pipeline's status is `tee`'s, and `wait "$pid"` hands that on, so
# "failed" is never logged and the stamp is updated after a failed run (RA101).
run_task() {
    local prompt
    prompt=$(cat task.md)
    (echo -e "$prompt" | claude --dangerously-skip-permissions 2>&1) | tee -a run.log &  # expect: RA101(error)
    local pid=$!
    wait "$pid"
    local result=$?
    if [ "$result" -ne 0 ]; then
        echo "failed with $result" >&2
        return 1
    fi
    date +%s > last-run
}

# The same without a subshell: the backgrounded pipeline's own status.
review() {
    git diff | codex exec "review this diff" | tee review.log &  # expect: RA101(error)
    wait $!
    if [ $? -ne 0 ]; then
        return 1
    fi
}

run_task
review
