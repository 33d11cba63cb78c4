#!/usr/bin/env bash
# Near misses of program_path_bad.sh: the same paths, each run's status read; a function
# that runs whatever its caller passes (`"$@"`) is a wrapper, not the agent; and a path
# whose file name is not an agent's runs no agent, nor does a lookup that prints nothing
# (`command -v gemini >/dev/null`).
CLAUDE_PATH="${CLAUDE_PATH:-$HOME/.claude/local/claude}"

run_claude() {
    if timeout 1800 "$CLAUDE_PATH" --dangerously-skip-permissions -p "$1" > run.log 2>&1; then
        return 0
    else
        return 1
    fi
}

with_timeout() {
    timeout 600 "$@"
}

if ! run_claude "/update-pr 42"; then
    exit 1
fi
"$HOME/.local/bin/codex" exec "tidy the changelog" || exit 1
with_timeout "$HOME/bin/lint" --fix || true
"$TOOLS/bin/format" . || true
GEMINI="$(command -v gemini >/dev/null)"
"$GEMINI" -p "summarise the release" > NOTES.md || true
