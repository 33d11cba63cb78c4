#!/usr/bin/env bash
# Near miss of reset_status_bad.sh: the same reset and capture, but a failure ends the
# loop; and a status set in a branch before the run is not taken as reset on every turn.
while true; do
    rc=0
    claude -p "Fix the next failing test" --dangerously-skip-permissions || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "claude exited $rc, stopping" >&2
        exit "$rc"
    fi
    git add -A && git commit -qm "agent: one fix"
    sleep 60
done

while true; do
    status=0
    if [ -f .paused ]; then
        status=1
    fi
    codex exec --full-auto "Make one small improvement" || status=$?
    [ "$status" -eq 0 ] || break
    git add -A && git commit -qm "codex: one improvement"
    sleep 60
done
