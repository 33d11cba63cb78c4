#!/usr/bin/env bash
# Near misses: a `for` over work items runs the agent on each, whatever each run gives;
# a failed item is not run again.
set -uo pipefail

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
