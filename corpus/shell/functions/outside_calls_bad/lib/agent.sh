#!/usr/bin/env bash
# A library of agent calls. `call_agent` runs under errexit where the script that
# sources it calls it outside any condition (`phase`), and where `run_review` calls
# it here; `run_score` calls it inside a `$(…)`, without. The call here and the
# calls there run different branches: each dead read is its own finding.

call_agent() {
    local prompt="$1" output="${2:-}" rc=0
    if [[ -n "$output" ]]; then
        claude -p "$prompt" >"$output" &
        wait $!
        rc=$?  # expect: RA204(error)
    else
        claude -p "$prompt"
        rc=$?  # expect: RA204(error)
    fi
    if [[ $rc -ne 0 ]]; then
        echo "agent failed: $rc" >&2
        [[ -n "$output" ]] && rm -f "$output"
        return "$rc"
    fi
}

run_review() {
    call_agent "Review the last commit"
}

run_score() {
    call_agent "Score the work from 0 to 10"
}
