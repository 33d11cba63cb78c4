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

# A stop file checked at the top of the body is another way out, taken before the run
# whatever it does: the failure still skips the commit and runs the same prompt again.
while :; do  # expect: RA302(warning)
    [ -f STOP ] && { echo "stop file found"; break; }
    set +e
    codex exec --full-auto "Make one small improvement to the parser" > codex.log 2>&1
    status=$?
    set -e
    if [ "$status" -ne 0 ]; then
        if grep -qi "quota" codex.log; then
            sleep 900
            continue
        fi
        sleep 60
        continue
    fi
    git add -A && git commit -qm "codex: one improvement"
    sleep 120
done
