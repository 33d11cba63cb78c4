#!/usr/bin/env bash
# errexit set inside a subshell stays there: the shell around it goes on to the read
# after a failure, so the read sees it.
set -o pipefail

( set -e; claude -p "$TASK" | tee log.txt )
rc=$?
if [ "$rc" -ne 0 ]; then echo "claude failed ($rc)" >&2; fi
