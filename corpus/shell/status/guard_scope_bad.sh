#!/bin/bash
# RA204: errexit ends the script when claude fails, so the guard after it never sees a
# failure. The test of `rc` in the other branch (above it in the text) and the one of
# another function's own `rc` are not guards on this run: the message counts one.
set -e
check_linter() {
  local rc
  shellcheck run.sh
  rc=$?
  if [ "$rc" -ne 0 ]; then echo "lint failed"; fi
}
if [ -n "${QUICK:-}" ]; then
  make quick
  rc=$?
  if [ "$rc" -ne 0 ]; then exit 3; fi
else
  claude -p "Fix the failing tests"
  rc=$?  # expect: RA204(error)
  if [ "$rc" -ne 0 ]; then echo "claude failed" >&2; fi
fi
check_linter
# A function defined below the run, with its own `rc`, tests its own.
format_check() {
  local rc=0
  shfmt -d run.sh || rc=$?
  if [ "$rc" -ne 0 ]; then echo "format differs"; fi
}
format_check
