#!/usr/bin/env bash
# A status read after the `fi` is the branch's: neither run's status is lost, and a loop
# that runs whatever the status is a schedule.

while true; do
    if [ -n "${STREAM:-}" ]; then
        claude -p "Triage new issues" --output-format stream-json | tee -a run.log | jq -r '.text // empty'  # expect: RA102(info)
    else
        claude -p "Triage new issues" | tee -a run.log
    fi
    rc=${PIPESTATUS[0]}
    echo "triage exited $rc" >> status.log
    sleep 3600
done
