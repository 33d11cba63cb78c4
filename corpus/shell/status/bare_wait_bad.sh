#!/usr/bin/env bash
# A bare `wait` waits for every job and returns 0 whatever they did: the statuses of
# the agents it waits for are lost, as when nothing waits for them.
for doc in docs/*.md; do
    claude -p "Proofread $doc" &  # expect: RA203(warning)
done
wait
echo "proofread every page"

claude -p "Warm the cache" &  # expect: RA203(warning)
codex exec "Tidy imports" &  # expect: RA203(warning)
wait
