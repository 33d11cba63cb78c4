#!/usr/bin/env bash
# The runner is a plugin chosen as it runs (`runners/${RUNNER}.sh`: one of the files
# that match `runners/*.sh`), the libraries are read in a loop over a glob, and one more
# file through `builtin source --`. Each defines a function that runs the agent, and
# under errexit a failing run ends the script before its status is read.
set -e
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner_file="$SCRIPT_DIR/runners/${RUNNER:-local}.sh"
source "$runner_file"
for lib in "$SCRIPT_DIR"/lib/*.sh; do
  source "$lib"
done
builtin source -- "$SCRIPT_DIR/extra/review.sh"

runner_start "Fix the failing tests"
status=$?  # expect: RA204(error)
lib_plan "Plan the release"
planned=$?  # expect: RA204(error)
review_step "Review the diff"
reviewed=$?  # expect: RA204(error)
echo "$status $planned $reviewed"
