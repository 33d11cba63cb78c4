#!/bin/bash
# A function that reads the agent's status and acts on a failure itself (cleans its branch
# up, counts the failure, gives up after three) before it returns 1: the loop that drops
# the function's status loses nothing of the agent's, and runs each iteration as new work.
errors=0

iteration() {
    git switch -c "work-$1"
    claude -p "Do the next task in TODO.md" --output-format json > out.json
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "claude failed with $rc" >&2
        git switch main && git branch -D "work-$1"
        errors=$((errors + 1))
        if [ "$errors" -ge 3 ]; then
            exit 1
        fi
        return 1
    fi
    errors=0
    return 0
}

i=0
while true; do
    iteration "$i"
    i=$((i + 1))
    sleep 1
done
