#!/bin/bash
# Near misses of failure_handled_good: functions that only tell of the agent's failure
# (a message, a log line) before they return 1. The loop drops that status, and a
# permanent failure spins it forever (RA203).

report_only() {
    claude -p "Do the next task in TODO.md" > out.txt
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "claude failed with $rc" >&2
        log_error "iteration failed"
        return 1
    fi
    return 0
}

log_error() {
    printf '%s\n' "$*" >> runner.log
}

while true; do
    report_only  # expect: RA203(warning)
    sleep 1
done

# The function above passes on a status nobody handled: dropping it loses the failure.
run_steps() {
    echo "one more step"
    report_only
}

run_steps  # expect: RA203(warning)
echo "steps done"
