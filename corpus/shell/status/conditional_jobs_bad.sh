#!/usr/bin/env bash
# The agent is started in the background, then a log follower is always started after
# it: the pid read next is the follower's, and nothing waits for the agent.
run_step() {
  claude -p "$1" < /dev/null > step.log 2>&1 &  # expect: RA203(warning)
  tail -f step.log &
  local pid=$!
  wait "$pid"
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "step failed ($rc)" >&2
    return 1
  fi
}
run_step "Fix the failing tests" || exit 1
