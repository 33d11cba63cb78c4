#!/usr/bin/env bash
# A command this script neither defines nor sources (a function of the user's shell
# profile, a tool runaudit does not know) given an agent's headless run as its
# arguments runs it, as wrappers do: its status is the agent's, and here it is lost.
WORK_DIR=/srv/handoff
(cd "$WORK_DIR" && ns_run_subscription claude -p "hand the open task over") || true  # expect: RA203(warning)
echo "handed off"
caffeinate -i codex exec "finish the migration" || true  # expect: RA203(warning)
echo "done"
