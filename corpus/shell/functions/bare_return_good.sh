#!/usr/bin/env bash
# A bare `return` (or `exit`) leaves with the status of the command before it: the
# wrapper passes the agent's status on, and its caller tests it. Nothing is lost in the
# wrapper (it was once read as dropping the run's status there).

run_with_timeout() {
    if [[ "${AGENT_TIMEOUT:-0}" -eq 0 ]]; then
        "$@"
        return
    fi
    timeout "$AGENT_TIMEOUT" "$@"
}

if ! run_with_timeout codex exec --full-auto "Fix the failing test"; then
    echo "codex failed" >&2
    exit 1
fi

finish() {
    claude -p "Summarise the changes in CHANGELOG.md"
    exit
}
finish
