#!/usr/bin/env bash
# A one-word prompt that is no greeting (`continue`) asks for work, and so does a run
# given `ping` as anything but its prompt (a folder): their dropped statuses are lost runs.
claude -p "continue" --dangerously-skip-permissions > /dev/null 2>&1 || true  # expect: RA203(warning)
claude -p "Reply with the word ping when done, after fixing the tests" || exit 1
codex exec -C ping "Fix the failing tests" || true  # expect: RA203(warning)
