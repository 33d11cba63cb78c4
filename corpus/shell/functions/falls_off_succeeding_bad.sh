#!/bin/bash
# A function that returns 1 when the agent fails and otherwise ends on a command that
# always succeeds (`echo`, `printf`, `true`): it returns 0 after a good run, as after a
# `return 0`, so its status reports the run and the loops around it re-run the agent
# because it failed.
run_stage() {
    claude -p "$1" || return 1
    echo "stage $1 done"
}

print_stage() {
    local out rc=0
    out=$(codex exec "$1") || rc=$?
    if (( rc != 0 )); then
        return 1
    fi
    printf '%s\n' "$out"
}

for attempt in 1 2 3; do  # expect: RA302(warning)
    if run_stage "plan"; then
        break
    fi
    sleep 10
done

until summary=$(print_stage "summarise"); do  # expect: RA302(warning)
    sleep 30
done
echo "$summary"
