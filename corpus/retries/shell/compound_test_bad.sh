#!/usr/bin/env bash
# A loop condition that joins two tests with `&&`: the status test decides the retry.

rc=1
tries=0
while [[ $rc -ne 0 && $tries -lt 3 ]]; do  # expect: RA302(warning)
    claude -p "Fix the failing tests" --dangerously-skip-permissions
    rc=$?
    tries=$((tries + 1))
done
