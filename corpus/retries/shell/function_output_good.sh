#!/usr/bin/env bash
# Near misses: the function prints a build tool, not an agent; and one whose only `echo`
# goes to standard error prints nothing the caller runs.
set -u

find_builder() {
  echo "make"
}

note() {
  echo "claude" >&2
}

# `pick` prints nothing itself: the `echo` is in a function it only defines.
pick() {
  helper() { echo "codex"; }
  :
}

BUILDER="$(find_builder)"
while true; do
  $BUILDER -j4
  if [ $? -eq 0 ]; then
    break
  fi
  sleep 60
done

OTHER="$(note)"
while true; do
  $OTHER -p "Go on with the plan"
  if [ $? -eq 0 ]; then
    break
  fi
  sleep 60
done

PICKED="$(pick)"
while true; do
  $PICKED exec "Go on with the plan"
  if [ $? -eq 0 ]; then
    break
  fi
  sleep 60
done
