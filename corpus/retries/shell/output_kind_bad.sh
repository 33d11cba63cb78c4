#!/usr/bin/env bash
# A bounded loop that judges a fresh run by its output: it goes round on an empty
# output, on an error message the CLI prints and on a network error, unless the output
# says the work was done. A test for one kind of failure never holds after a success,
# so a success leaves at `break` (this is no Ralph loop that runs on after one), and
# every failure the tests catch runs the agent again from the start.
set -uo pipefail

attempts=0
while [[ $attempts -lt 5 ]]; do  # expect: RA302(warning)
    claude -p --no-session-persistence "Implement the next issue" 2>&1 | tee run.log || true
    output=$(cat run.log)
    done_already=false
    if echo "$output" | grep -q "Closing issue"; then
        done_already=true
    fi
    if [[ -z "$output" ]]; then
        attempts=$((attempts + 1))
        continue
    fi
    if echo "$output" | grep -q "Error: No messages returned"; then
        if [[ "$done_already" == true ]]; then
            break
        fi
        attempts=$((attempts + 1))
        sleep 15
        continue
    fi
    if echo "$output" | grep -qiE "ECONNRESET|socket hang up|request timed out"; then
        attempts=$((attempts + 1))
        sleep 20
        continue
    fi
    break
done
echo "$output" > last-run.txt
