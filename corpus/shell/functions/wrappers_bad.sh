#!/bin/bash
# Pass-through wrappers: a call runs the agent named in its arguments.
set -e

portable_timeout() {
  local t=$1
  shift
  timeout "$t" "$@"
}

after_first() { timeout 300 "${@:2}"; }
replace_shell() { exec "$@"; }
plain_command() { command "$@"; }
twice() { portable_timeout "$@"; }

portable_timeout 600 claude -p "$TASK"
rc=$? # expect: RA204(error)
if [ "$rc" -eq 124 ]; then echo "timed out"; fi

after_first ignored gptme "$TASK"
status=$? # expect: RA204(error)
if [ "$status" -eq 124 ]; then echo "timed out"; fi

plain_command codex exec "$TASK"
echo "codex exited $?" # expect: RA204(error)

twice 60 claude -p "$TASK"
code=$? # expect: RA204(error)
[ "$code" -eq 124 ] && echo "timed out"

replace_shell claude -p "$TASK"
