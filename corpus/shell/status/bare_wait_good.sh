#!/usr/bin/env bash
# Near misses: the pids are kept and each `wait` returns its job's status; `wait -n`
# returns the status of a job that ends; a bare `wait` after the jobs' own waits.
pids=()
for doc in docs/*.md; do
    claude -p "Proofread $doc" &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
done
[ "$failed" -eq 0 ] || exit 1

codex exec "Tidy imports" &
make docs &
while true; do
    wait -n
    rc=$?
    [ "$rc" -eq 127 ] && break
    [ "$rc" -ne 0 ] && exit "$rc"
done

gptme --non-interactive "Write the changelog" &
changelog=$!
wait "$changelog" || exit 1
wait
