#!/usr/bin/env bash
# A command file the dispatcher sources: `run_codex` comes from the dispatcher's library,
# and inside `if ! …; then` the read is the negation's status, always 0.
tool_research() {
    local rc=0
    if ! run_codex prompts/research.md RESEARCH.md; then
        rc=$?  # expect: RA203(warning)
        echo "codex failed ($rc)" >&2
    fi
    return "$rc"
}
