#!/usr/bin/env bash
# Near misses: bash decides errexit where a function runs, not where it is
# defined. `agent` is defined before `set -e` but only ever called after it,
# so a failed run ends the script (RA203 has nothing to report), and
# `try_agent` is only called as a condition, where errexit is off, so the
# status it reads after the agent can be a failure (no RA204).

ARGS=(--non-interactive --model "${MODEL:-anthropic}")

agent() {
  echo "$ gptme ${ARGS[*]} $*"
  gptme "${ARGS[@]}" "$@" </dev/null
  if [ "${ASK:-0}" = "1" ]; then
    read -r -p "Did it work? (y/n) " answer
    [ "$answer" = "y" ] || exit 1
  fi
}

try_agent() {
  claude -p "$1" > "$1.out"
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "claude failed with $rc" >&2
  fi
  return "$rc"
}

set -e

agent "write a snake game with curses to snake.py"
agent "render the mandelbrot set to mandelbrot.png"

if ! try_agent "summarise snake.py"; then
  echo "no summary" >&2
fi
