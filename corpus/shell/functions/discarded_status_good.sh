#!/usr/bin/env bash
# Near miss: every call of the dispatcher discards its status (`|| true`, a pipeline
# stage), so the renderer's masking decides nothing: each run is judged by the marker
# its output holds.
run_judged_turn() {
    claude -p "$1" --output-format stream-json | jq -r '.result // empty'
}

dispatch_judged_turn() {
    case "$AGENT" in
        claude) run_judged_turn "$1" ;;
        *) echo "unknown agent" >&2; return 2 ;;
    esac
}

out=$(dispatch_judged_turn "warm up" | tee warmup.log) || true
grep -q "<promise>READY</promise>" <<< "$out" || exit 1
result=$(dispatch_judged_turn "fix the failing tests") || true
if ! grep -q "<promise>FIXED</promise>" <<< "$result"; then
    echo "not fixed" >&2
    exit 1
fi
