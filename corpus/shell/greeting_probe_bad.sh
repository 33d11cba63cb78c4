#!/usr/bin/env bash
# A one-word prompt that is no greeting (`continue`) asks for work: its dropped status
# is a lost run.
claude -p "continue" --dangerously-skip-permissions > /dev/null 2>&1 || true  # expect: RA203(warning)
claude -p "Reply with the word ping when done, after fixing the tests" || exit 1
