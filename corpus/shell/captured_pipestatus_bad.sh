#!/bin/bash
# After `out=$(agent | tee log)` `PIPESTATUS` holds the assignment's one status, the
# pipeline's last stage's without pipefail: `${PIPESTATUS[0]}` there is tee's.
call_agent() {
  local output exit_code
  output=$(opencode run "$1" 2>&1 | tee "$2")  # expect: RA101(error)
  exit_code=${PIPESTATUS[0]}
  if [ "$exit_code" -ne 0 ]; then
    echo "opencode failed: $exit_code" >&2
    return 1
  fi
  echo "$output" | tail -n 1
}

if call_agent "Fix the failing test" run.log; then
  git commit -qam "fix"
fi
