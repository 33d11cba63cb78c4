#!/usr/bin/env bash
# The near miss: a library sourced behind a test of its presence runs under this
# script's errexit, and keeps each status with `|| rc=$?`, which errexit leaves alone:
# every read sees the run's status (no RA204). Its retry loop then does go round
# (RA302, in the library).
set -euo pipefail
KEPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "${KEPT_DIR}/lib/kept_worker.sh" ]] && source "${KEPT_DIR}/lib/kept_worker.sh"
kept_phase "task-1"
