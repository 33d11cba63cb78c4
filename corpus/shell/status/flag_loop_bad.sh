#!/usr/bin/env bash
# Attempt loops left through a flag the success branch sets: the loop's own condition reads
# the word the flag holds, so a success leaves and every failure goes round again.
attempt=0
finished=false
while [ "$attempt" -lt 4 ] && [ "$finished" = false ]; do  # expect: RA302(warning)
    attempt=$((attempt + 1))
    gemini --yolo -p "Migrate the settings page to the new form kit" > migrate.log 2>&1
    rc=$?
    if [ "$rc" -eq 0 ]; then
        finished=true
    else
        echo "attempt $attempt failed with $rc" >&2
        sleep 10
    fi
done

state="pending"
while [[ "$state" != "done" ]]; do  # expect: RA302(warning)
    if claude -p "Write the release notes for $TAG" --dangerously-skip-permissions > notes.md; then
        state="done"
    else
        sleep 30
    fi
done

# ...also a number in `(( ))`, where a bare name is a variable, and a word in `[ ]`, where a
# bare word is that word even when a variable has its name.
success=0
while (( success == 0 )); do  # expect: RA302(warning)
    if codex exec --full-auto "Fix the flaky login test"; then success=1; fi
done

phase=pending
while [ "$phase" != success ]; do  # expect: RA302(warning)
    if claude -p "Bump the SDK and fix what breaks" --permission-mode acceptEdits; then
        phase=success
        success=1
    fi
done

# ...and a `case` on the word a flag holds.
outcome=pending
while :; do  # expect: RA302(warning)
    if gemini --yolo -p "Regenerate the API client"; then outcome=done; fi
    case "$outcome" in
        done) break ;;
        *) sleep 5 ;;
    esac
done
