#!/usr/bin/env bash
# A library sourced behind a test of its presence (`[[ -f … ]] && source …`) still runs
# under this script's errexit: its functions' reads of a status errexit already acted
# on are dead (RA204, reported in the library).
set -euo pipefail
GUARDED_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "${GUARDED_DIR}/lib/guarded_worker.sh" ]] && source "${GUARDED_DIR}/lib/guarded_worker.sh"
guarded_phase "task-1"
