#!/usr/bin/env bash
# Near misses: a `for` over values other than numbers (models, agents, work items) is
# new work each time, not an attempt loop: a model fallback that discards the failed
# run's changes before the next model, and items run whatever each run gives.
set -uo pipefail
MODELS=(opus sonnet haiku)

run_with_fallback() {
    local model
    for model in "${MODELS[@]}"; do
        if timeout 1800 claude -p "$1" --model "$model"; then
            return 0
        fi
        echo "failed with $model, falling back" >&2
        git checkout -- . && git clean -fdq
    done
    return 1
}

run_with_fallback "Implement the next task" || exit 1

for task in tasks/*.md; do
    claude -p "$(cat "$task")" --dangerously-skip-permissions || echo "task $task failed" >&2
done

for module in api web worker; do
    if ! codex exec "Update the README of $module"; then
        echo "$module: update failed" >&2
        continue
    fi
    git add "$module/README.md"
done
