#!/bin/bash
# The near miss of own_verdict_good.sh: the function's `return 0` is under a test of the
# run's status, so its `return 1` at the end means the run failed, and the loop that
# leaves on its success re-runs it on failure (RA302).
run_iteration() {
    local exit_code=0
    claude -p "Implement the next story in prd.json" > out.log 2>&1 || exit_code=$?
    if [ "$exit_code" -eq 0 ]; then
        return 0
    fi
    echo "iteration failed with $exit_code" >> progress.log
    return 1
}

iteration=1
while [ "$iteration" -le 20 ]; do  # expect: RA302(warning)
    if run_iteration; then
        break
    fi
    iteration=$((iteration + 1))
    sleep 2
done
