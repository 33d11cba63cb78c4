#!/usr/bin/env bash
# A Ralph loop whose agent runs in a function of its library: the loop captures what the
# function prints and stops on the completion marker, so that run is judged by its
# output; the summary the library also runs is printed to the terminal, and nothing
# judges it.
set -uo pipefail
source "$(dirname "$0")/lib/agent_calls.sh"
for round in 1 2 3 4 5; do
    out=$(invoke "Work through PLAN.md; print COMPLETE when every item is done")
    if grep -q "COMPLETE" <<<"$out"; then
        break
    fi
done
summarise "Summarise what changed"
