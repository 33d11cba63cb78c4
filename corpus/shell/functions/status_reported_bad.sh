#!/bin/bash
# A function that runs the agent and reports how it went in codes of its own: `return 0`
# when it succeeded, `return 1` once it and its retries failed. Its callers' loops re-run
# it on failure (RA302), or drop its status and spin (RA203).
MAX_RETRIES=3

run_task() {
    local attempt=1
    while [[ $attempt -le $MAX_RETRIES ]]; do  # expect: RA302(warning)
        claude -p "Do the next task in TODO.md" > last_output.txt 2>&1
        local exit_code=$?
        if [[ $exit_code -eq 0 ]]; then
            return 0
        fi
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

until run_task; do  # expect: RA302(warning)
    sleep 60
done

while true; do
    run_task  # expect: RA203(warning)
    sleep 300
done
