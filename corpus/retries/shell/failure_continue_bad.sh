#!/usr/bin/env bash
# An endless work loop that sends a failed run round again at once: the failure skips the
# commit a success goes on to, and the same prompt runs again.
set +e

while true; do  # expect: RA302(warning)
    claude -p "Pick the next open issue in ISSUES.md and fix it" --dangerously-skip-permissions
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "claude exited $rc; retrying in 30 s"
        sleep 30
        continue
    fi
    git add -A && git commit -qm "agent: next issue"
    git push
done

# A cap on consecutive failures inside the loop still lets it retry up to the cap.
errors=0
while :; do  # expect: RA302(warning)
    if ! claude -p "$(cat PROMPT.md)" --append-system-prompt "Answer concisely"; then
        errors=$((errors + 1))
        [ "$errors" -ge 5 ] && exit 1
        continue
    fi
    errors=0
    sleep 300
done
