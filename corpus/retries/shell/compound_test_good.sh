#!/usr/bin/env bash
# A bounded resume of a named session only on the rate-limit exit, tested with `&&`.

rc=75
tries=0
while [[ $rc -eq 75 && $tries -lt 3 ]]; do
    gptme --non-interactive --name nightly "Continue the migration"
    rc=$?
    tries=$((tries + 1))
    sleep 600
done
