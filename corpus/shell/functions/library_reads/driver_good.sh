#!/usr/bin/env bash
# A near miss: the status kept in `last_rc` is read by a function of the library the
# driver sources, which the model reads.
source "$(dirname "$0")/lib/report.sh"
last_rc=0
claude -p "Tidy the changelog" || last_rc=$?
report_last_run
