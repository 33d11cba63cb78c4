#!/usr/bin/env bash
# Near misses of subshell_stage_bad.sh. A subshell's status is its last command's:
# `(echo | claude)` as stage 0 returns claude's status, which `${PIPESTATUS[0]}`
# reads; a function whose last statement is a subshell running the agent returns
# the agent's status to its caller, which reads it; a backgrounded run with pipefail
# on hands the agent's failure to `wait`.
run_task() {
    (echo -e "$1" | claude -p 2>&1) | tee -a run.log
    if [ "${PIPESTATUS[0]}" -ne 0 ]; then
        return 1
    fi
}

# Returns the agent's exit status; output goes to the log.
run_agent() {
    case "$1" in
        claude)
            ( cd "$2" && timeout 1800 claude -p "$3" --dangerously-skip-permissions ) \
                >"$4" 2>&1
            ;;
        *)
            return 2
            ;;
    esac
}

background() {
    set -o pipefail
    (echo "$1" | claude -p 2>&1) | tee -a run.log &
    wait "$!"
    return $?
}

run_task "fix the tests" || exit 1
if ! run_agent claude . "fix lint" agent.log; then
    exit 1
fi
background "write docs" || exit 1
