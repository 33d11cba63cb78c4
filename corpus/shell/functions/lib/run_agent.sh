#!/bin/bash
# A library the runners beside it source: it runs whatever it is given.
run_agent() { timeout 600 "$@"; }
with_limit() {
  local limit=$1
  shift
  ulimit -t "$limit"
  "$@"
}
