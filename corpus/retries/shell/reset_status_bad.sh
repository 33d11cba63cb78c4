#!/usr/bin/env bash
# The status variable is reset before each run and set only where the run fails
# (`rc=0; agent || rc=$?`): a success leaves it 0, so the test after the run tells the two
# apart, and the failure goes round again at once, skipping the commit.
while true; do  # expect: RA302(warning)
    rc=0
    claude -p "Fix the next failing test" --dangerously-skip-permissions || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "claude exited $rc, trying again"
        continue
    fi
    git add -A && git commit -qm "agent: one fix"
done
