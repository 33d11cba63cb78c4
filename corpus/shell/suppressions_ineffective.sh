#!/usr/bin/env bash
# Suppressions that cannot work are reported as RA001 and suppress nothing:
# a bare `# runaudit: ignore` (codes are required), empty brackets, and an
# `ignore-file` below the file's first comment block.
set -e

LOG=${LOG:-agent.log}

# runaudit: ignore-file[RA101]  # expect: RA001(info)
gptme --non-interactive "Tidy the changelog" 2>&1 | tee -a "$LOG"  # runaudit: ignore  # expect: RA101(error), RA001(info)

# runaudit: ignore[]  # expect: RA001(info)
claude -p "Summarise the changelog" | tee summary.md  # expect: RA101(error)

# A longer word is no directive: runaudit: ignored
echo "done"
