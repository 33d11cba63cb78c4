#!/bin/bash
# `set -- WORDS` gives `"$@"` its words: the agent's arguments built that way are
# read as written, here a task (`-p "Fix the failing tests"`), whose pipeline loses
# the agent's status (RA101).
run_task() {
  set -- -p "Fix the failing tests" --max-turns 30
  if [ "${USE_BARE:-0}" -eq 1 ]; then
    set -- --bare "$@"
  fi
  claude "$@" | tee -a task.log  # expect: RA101(error)
}
run_task
