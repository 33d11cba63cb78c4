#!/bin/bash
# Waits on one element of a pid array: a literal index names the job saved there (the
# watcher: its 3 is its own), so only the guard on the agent's element is judged.
pids=()
gemini -p "Fix the tests" > fix.log 2>&1 & pids+=($!)
./watch-progress.sh fix.log & pids+=($!)
wait "${pids[1]}"; rc=$?
if [ "$rc" -eq 3 ]; then echo "watcher lost the log" >&2; fi
wait "${pids[0]}"; rc0=$?
if [ "$rc0" -eq 75 ]; then sleep 60; fi  # expect: RA202(warning)
