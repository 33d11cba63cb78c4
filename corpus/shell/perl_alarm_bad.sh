#!/usr/bin/env bash
# perl as a timeout where coreutils' `timeout` is missing (macOS): the alarm kills the run
# with SIGALRM, exit 142. A guard on 124, `timeout`'s code, never sees it time out.
set -uo pipefail

review_with_alarm() {
  local rc=0
  perl -e 'alarm shift; exec @ARGV' 600 gemini -p "Review the staged diff" > review.md || rc=$?
  if [ "$rc" -eq 124 ]; then  # expect: RA202(warning)
    echo "gemini timed out" >&2
  fi
  return "$rc"
}

review_with_alarm || exit 1
