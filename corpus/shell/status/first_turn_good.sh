#!/usr/bin/env bash
# The counter is 0 on the first turn: `((task++))` is `((0))`, a failure, and errexit ends
# the script there, before any run. The runs below never happen (the script's real defect
# is that counter), so no finding is about them.
set -euo pipefail

task=0
for dir in services/*/; do
    ((task++))
    (
        timeout 300 opencode run "Review $dir for dead code" > "review-$task.md" 2>&1
        echo "[$task] done"
    ) &
done
wait


# A loop reading its tasks from a file: a comment line skips the counter on one turn, and
# the first turn that gets to it ends the script all the same.
n=0
while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    ((n++))
    gemini -p "$line" > "answer-$n.txt" &
done < tasks.txt
wait

# A fallback loop whose counter at 0 is raised first thing: errexit ends the script on
# the first turn, before any run, so the loop re-runs nothing (no RA302) and the read
# after its function's call is never reached by a run's failure (no RA204).
run_with_fallback() {
    local attempts=0
    while [[ $attempts -lt 3 ]]; do
        ((attempts++))
        if claude -p "$1" > answer.md; then
            return 0
        fi
        sleep 5
    done
    return 1
}
run_with_fallback "Summarise the open issues"
rc=$?
if [ "$rc" -ne 0 ]; then echo "no answer" >&2; fi
