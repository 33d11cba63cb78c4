#!/bin/bash
# Near misses of a function that reports the agent's status: one whose `return 1` is a
# precondition failure before the agent runs (its `return 0` follows the run whatever
# happened) says nothing about the run; and a caller that reads the report.
run_iteration() {
    if [ ! -f PROMPT.md ]; then
        return 1
    fi
    claude -p "$(cat PROMPT.md)" | tee -a run.log
    return 0
}

report_run() {
    if claude -p "Summarise the changes" > summary.txt; then
        return 0
    fi
    return 1
}

for i in 1 2 3; do
    if ! run_iteration; then
        echo "no prompt" >&2
        break
    fi
    if grep -q COMPLETE run.log; then
        break
    fi
done

if report_run; then
    echo "summary written"
else
    echo "summary failed" >&2
    exit 1
fi
