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

# The same report, its status tested in arithmetic, in a `case` and through PIPESTATUS.
run_arith() {
    claude -p "Fix the failing tests" > out.txt 2>&1
    local rc=$?
    if (( rc == 0 )); then return 0; fi
    return 1
}
until run_arith; do sleep 5; done  # expect: RA302(warning)

run_case() {
    claude -p "Fix the failing tests" > out.txt 2>&1
    case $? in
        0) return 0 ;;
    esac
    echo "failed" >&2
    return 1
}
until run_case; do sleep 5; done  # expect: RA302(warning)

run_piped() {
    claude -p "Fix the failing tests" 2>&1 | tee out.log
    if [ "${PIPESTATUS[0]}" -eq 0 ]; then return 0; fi
    return 1
}
until run_piped; do sleep 5; done  # expect: RA302(warning)
