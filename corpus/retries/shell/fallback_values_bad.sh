#!/usr/bin/env bash
# RA302: a `for` over other values than numbers that stops once the agent succeeds is
# an attempt loop: the same work re-run with the next model, or the next agent.
set -uo pipefail
MODELS=(opus sonnet haiku)

run_claude() {
    timeout 1800 claude -p "$2" --model "$1" --dangerously-skip-permissions
}

run_with_fallback() {
    local model
    for model in "${MODELS[@]}"; do  # expect: RA302(warning)
        if run_claude "$model" "$1"; then
            return 0
        fi
        echo "failed with $model, falling back" >&2
    done
    return 1
}

run_with_fallback "Implement the next task" || exit 1

for agent in codex gemini; do  # expect: RA302(warning)
    "$agent" exec "Fix the failing test" && break
done

is_quota_exhausted() {
    grep -qiE 'quota|rate[ -]?limit|429' "$1"
}

# the next model on a quota marker a function of the script finds: a transient failure,
# but a fresh session, not a resume of the named one
for model in "${MODELS[@]}"; do  # expect: RA302(warning)
    if claude -p "Review the diff" --model "$model" > review.log 2>&1; then
        break
    fi
    if is_quota_exhausted review.log; then
        continue
    fi
    exit 1
done
