#!/usr/bin/env bash
# RA101: the stream renderer's status is the function's, and one caller tests it, so a
# failed agent run is read as the renderer's success there.
run_rendered_turn() {
    claude -p "$1" --output-format stream-json | jq -r '.result // empty'  # expect: RA101(error)
}

dispatch_rendered_turn() {
    case "$AGENT" in
        claude) run_rendered_turn "$1" ;;
        *) echo "unknown agent" >&2; return 2 ;;
    esac
}

out=$(dispatch_rendered_turn "warm up" | tee warmup.log) || true
if dispatch_rendered_turn "fix the failing tests"; then
    echo "fixed"
fi
