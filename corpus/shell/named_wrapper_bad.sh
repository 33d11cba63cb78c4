#!/usr/bin/env bash
# A wrapper kept in a variable the script cannot know (`timeout`, or `gtimeout` where a
# helper finds only that one) is read by its name: `$timeout_cmd 900 claude …` runs the
# agent under it, so the pipeline after it loses the agent's status to `tee`.
source "$(dirname "$0")/lib/prereqs.sh"

timeout_cmd=$(find_timeout_command)
exit_code=0
$timeout_cmd 900 claude -p "$(cat PROMPT.md)" < /dev/null 2>&1 | tee last-run.log || exit_code=$?  # expect: RA101(error)
echo "claude exited with $exit_code"

# a variable whose name says no wrapper (`run_cmd`) runs a program the script cannot know
run_cmd=$(pick_runner)
$run_cmd claude -p "Summarise last-run.log" | tee summary.md  # expect: RA102(info)
