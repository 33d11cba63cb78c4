#!/usr/bin/env bash
# Near miss: the same helper, its status captured where it fails.
tool_review() {
    local rc=0
    run_codex prompts/review.md REVIEW.md || rc=$?
    if [[ "$rc" -ne 0 ]]; then
        echo "codex failed ($rc)" >&2
    fi
    return "$rc"
}
