#!/usr/bin/env bash
# RA203: each turn's review run keeps its status in `rc`, but the next turn sets `rc=0`
# before the only test of it, which belongs to the fix run: the review's failure is
# never seen. And a status kept, then set again at once before it is reported.
set -uo pipefail
while true; do
    rc=0
    claude -p "Fix the failing test in tests/" --permission-mode acceptEdits || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "fix failed: $rc" >&2
        break
    fi
    claude -p "Review the last commit" --permission-mode acceptEdits || rc=$?  # expect: RA203(warning)
    sleep 300
done

publish() {
    local status=0
    codex exec --full-auto "Write the release notes" || status=$?  # expect: RA203(warning)
    status=0
    echo "published: $status"
}
publish
