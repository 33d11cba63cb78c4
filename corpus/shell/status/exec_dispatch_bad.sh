#!/usr/bin/env bash
# The same dispatcher without `exec`: each branch runs the agent and falls out of the
# `case` into the usage message, whose `exit 2` replaces the agent's status; an `exec`
# inside a subshell ends only the subshell, whose status nothing reads, and so does one
# in a group run as a job.
case "${1:-}" in
    plan)
        shift
        claude -p "Plan the work in TODO.md" "$@"  # expect: RA203(warning)
        ;;
    review)
        ( cd review && exec codex exec "Review the last commit" )  # expect: RA203(warning)
        ;;
    watch)
        { cd watch && exec claude -p "Watch the build"; } &  # expect: RA203(warning)
        ;;
esac
echo "usage: $0 plan|review" >&2
exit 2
