#!/usr/bin/env bash
# Near miss: the driver defines its own `fleet-worker` function after the function
# that calls it; bash runs the function, not the tree's worker, when `main` runs, so
# the status `|| true` drops says nothing of an agent run.
main() {
    fleet-worker "$1" || true
    echo "queued"
}
fleet-worker() {
    echo "queued: $1" >> queue.txt
}
main "$@"
