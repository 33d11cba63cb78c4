#!/usr/bin/env bash
# Near misses: pipefail keeps the scripts' statuses, and a script the tree does not hold is
# not read (its pipeline is any command's).
set -eo pipefail
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$SCRIPT_DIR/one_turn.sh" 2>&1 | tee -a ralph.log
bash logged_turn.sh | tee -a ralph.log
set +o pipefail
./not_in_tree.sh | tee -a ralph.log  # expect: RA102(info)
