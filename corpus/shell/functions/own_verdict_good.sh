#!/bin/bash
# A function that runs the agent and ends with `return 1  # more work to do`: it returns 0
# only when the output says every story is done, whatever the run's status. Its failure
# code is its own verdict, which a successful run gets too: the loop around it goes on
# to the next story, it does not re-run a failed one.
run_iteration() {
    local output exit_code=0
    output=$(claude -p "Implement the next story in prd.json" 2>&1) || exit_code=$?
    echo "iteration exited $exit_code" >> progress.log
    if echo "$output" | grep -q "<promise>COMPLETE</promise>"; then
        return 0  # all stories done
    fi
    return 1  # more work to do
}

iteration=1
while [ "$iteration" -le 20 ]; do
    if run_iteration; then
        break
    fi
    iteration=$((iteration + 1))
    sleep 2
done
