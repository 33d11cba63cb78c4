#!/usr/bin/env bash
# An unused file-level suppression: pipefail is on, so no RA101 finding exists
# for the suppression to silence, and it is reported as RA001 on its line.
# runaudit: ignore-file[RA101]  # expect: RA001(info)
set -euo pipefail

LOG=${LOG:-agent.log}

gptme --non-interactive "Regenerate the lockfile" 2>&1 | tee -a "$LOG"
echo "lockfile regenerated"
