#!/bin/bash
# RA202: literals the script stores in the compared variable elsewhere (before the run,
# in another function, after the guard) are not values the guard can meet: each guard
# compares gptme's status with a code gptme never exits with.
rc=124
gptme --non-interactive "$TASK"
rc=$?
if [ "$rc" -eq 124 ]; then echo "timed out"; fi  # expect: RA202(warning)

on_quota() {
    local status=429
    echo "quota reached" >&2
    return 1
}
status=0
gptme --non-interactive "$TASK" || status=$?
if [ "$status" -eq 429 ]; then on_quota; fi  # expect: RA202(warning)
