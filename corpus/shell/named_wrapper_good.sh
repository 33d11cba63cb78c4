#!/usr/bin/env bash
# Near miss: the same wrapper read by its variable's name, under pipefail, where the
# agent's status reaches `exit_code`.
set -o pipefail
source "$(dirname "$0")/lib/prereqs.sh"

timeout_cmd=$(find_timeout_command)
exit_code=0
$timeout_cmd 900 claude -p "$(cat PROMPT.md)" < /dev/null 2>&1 | tee last-run.log || exit_code=$?
echo "claude exited with $exit_code"

