#!/bin/bash
# The prompt comes from a file (or an argument) the analysis cannot read, so it
# may tell the agent to write any file. A loop that stops on a file it never
# writes itself (`.loop-complete`) judges each run by that file: not lost.
set -uo pipefail
PROMPT="${1:?usage: loop.sh PROMPT}"

while :; do
    if [ -f .loop-complete ]; then
        rm -f .loop-complete
        break
    fi
    if [ -f "$PROMPT" ]; then
        claude -p --dangerously-skip-permissions < "$PROMPT" || true
    else
        echo "$PROMPT" | claude -p --dangerously-skip-permissions || true
    fi
done

# A state file checked for the agent's marker after each run.
for i in $(seq 1 50); do
    cat PROMPT.md | codex exec --full-auto -
    echo "session $i ended" >> STATE.md
    if grep -q PRODUCT_COMPLETE STATE.md; then
        break
    fi
done

# Outside a loop: the agent is asked (through a prompt held in a variable set at
# run time) to leave `.done`; the script checks it after the run.
rules="$(cat RULES.md)"
echo -e "$rules" | opencode run | tee -a run.log
if [ ! -f .done ]; then
    exec "$0"
fi

# The plan file lives beside the script (a path known only at run time), and the
# check sits at the top of the loop: it judges the previous run.
SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
for i in $(seq 1 40); do
    if grep -q "Status: COMPLETE" "$SCRIPT_DIR/PLAN.md" 2>/dev/null; then
        exit 0
    fi
    cat "$SCRIPT_DIR/prompt.md" | claude -p --output-format stream-json 2>&1 | tee -a run.jsonl
    sleep 5
done

# The run is one function's, the check another's: the caller's loop calls the
# check after each run.
plan_done() {
    grep -qi "Status:.*Done" "$SCRIPT_DIR/plan/IMPLEMENTATION.md"
}

run_iteration() {
    { echo "Work on the plan."; cat "$SCRIPT_DIR/plan/prompt.md"; } |
        claude -p --verbose --output-format stream-json 2>&1 | tee -a plan.jsonl
    return 0
}

while :; do
    run_iteration
    if plan_done; then
        break
    fi
done
