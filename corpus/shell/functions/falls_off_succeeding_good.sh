#!/bin/bash
# Near misses of a function that falls off its end on `echo`: one that never returns a
# failure of its own (its status is always 0, so a loop on it never re-runs a failed
# run), one whose only failure is another command's (`cp … || return 1`: the agent's
# own failure is ignored), and one that ends on a command that can fail (`jq`), whose
# status is the parse's, not a report of the run.
run_stage() {
    claude -p "$1" || echo "stage $1 failed" >&2
    echo "stage $1 done"
}

copy_stage() {
    claude -p "$1" > out.txt
    cp out.txt "stages/$1.txt" || return 1
    echo "stage $1 copied"
}

parse_stage() {
    local out
    out=$(codex exec --json "$1") || return 1
    jq -e '.verdict == "pass"' <<<"$out"
}

for attempt in 1 2 3; do
    if run_stage "plan"; then
        break
    fi
    sleep 10
done

until copy_stage "plan"; do
    sleep 10
done

until parse_stage "review"; do
    sleep 30
done
