#!/usr/bin/env bash
# Near miss: a function that starts its own jobs waits for them where its `wait`s stand,
# whenever it is called.
main() {
  claude -p "Write the plan" > plan.log 2>&1 &
  pid=$!
  wait "$pid" || { echo "planning failed" >&2; exit 1; }
  codex exec --full-auto "Build the plan" > build.log 2>&1 &
  pid=$!
  wait "$pid" || { echo "build failed" >&2; exit 1; }
}
main "$@"
