#!/usr/bin/env bash
# Near misses: a dispatcher whose branches `exec` the agent. `exec` puts the agent in
# the shell's place, so its status is the script's exit status, although statements
# follow the `case` in the file (they run only when no branch matched).
case "${1:-}" in
    plan)
        shift
        exec claude -p "Plan the work in TODO.md" "$@"
        ;;
    review)
        echo "reviewing" >&2
        exec codex exec "Review the last commit"
        ;;
esac
echo "usage: $0 plan|review" >&2
exit 2
