#!/usr/bin/env bash
# The agent's program as a path whose folder depends on the run but whose file name does
# not: written out (`"$HOME/.claude/local/claude"`), kept in a variable with a default
# (`${CLAUDE_PATH:-…}`) and run by a function of the script behind `timeout`. Each run's
# status is dropped (RA203): the function returns it, and its caller ignores it. A
# program looked up with its messages sent away (`command -v gemini 2>/dev/null`) is the
# program looked up.
CLAUDE_PATH="${CLAUDE_PATH:-$HOME/.claude/local/claude}"

run_claude() {
    if timeout 1800 "$CLAUDE_PATH" --dangerously-skip-permissions -p "$1" > run.log 2>&1; then
        return 0
    else
        return 1
    fi
}

update_pr() {
    run_claude "/update-pr $1" > /dev/null  # expect: RA203(warning)
    git push
}

"$HOME/.local/bin/codex" exec "tidy the changelog" || true  # expect: RA203(warning)
GEMINI="$(command -v gemini 2>/dev/null || true)"
"$GEMINI" -p "summarise the release" > NOTES.md || true  # expect: RA203(warning)
update_pr 42 || true
