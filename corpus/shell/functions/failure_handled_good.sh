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

# The handling is one block up from the `return 1` (the failure is counted, then a
# person decides to stop), and the functions above only pass that handled status on:
# dropping the status of the outermost one loses nothing of the agent's.
failed=0

run_task() {
    codex exec --full-auto "Implement task $1" > "task-$1.log" 2>&1
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        failed=$((failed + 1))
        if [ -t 0 ]; then
            read -rp "task $1 failed; stop? (y/n) " stop
            if [ "$stop" = y ]; then
                return 1
            fi
        fi
    fi
    return 0
}

run_phase() {
    run_task "$1.1" || return 1
    run_task "$1.2" || return 1
}

run_phase 1
echo "$failed task(s) failed"

# A function that only tells of the agent's failure before returning 1, run in a loop
# that ends (a bound): the failure is in the log, and a permanent one stops
# with the loop; nothing is hidden when the caller drops the status.
told() {
    if ! claude -p "Review the last commit" > review.md; then
        echo "review failed" >&2
        return 1
    fi
    return 0
}

for round in 1 2 3; do
    told
    sleep "$round"
done
