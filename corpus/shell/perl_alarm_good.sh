#!/usr/bin/env bash
# Near misses: the guard on the alarm's own code (142), and a perl script that prints
# rather than running its arguments (no wrapper: `gemini` is only a word it is given).
set -uo pipefail

review_with_alarm() {
  local rc=0
  perl -e 'alarm shift; exec @ARGV' 600 gemini -p "Review the staged diff" > review.md || rc=$?
  if [ "$rc" -eq 142 ]; then
    echo "gemini timed out" >&2
  fi
  return "$rc"
}

review_with_alarm || exit 1
perl -e 'print "@ARGV\n"' gemini -p "not run" > /dev/null
command -v perl > /dev/null && perl
