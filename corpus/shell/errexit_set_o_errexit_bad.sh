#!/usr/bin/env bash
# RA101 under errexit switched on with the long form `set -o errexit` (next
# to `set -o nounset`, but without pipefail). Covers codex and aider runs
# whose exit status is masked by `tee`, and a non-agent pipeline.
set -o errexit
set -o nounset

TASK=${TASK:-"Add type hints to the public functions in src/widgets/"}
LOG=${LOG:-agent-$(date +%F).log}
FILES=(src/widgets/core.py src/widgets/io.py)

codex exec --full-auto "$TASK" 2>&1 | tee "$LOG"  # expect: RA101(error)

git diff --stat HEAD | tail -n 1 >> "$LOG"  # expect: RA102(info)

aider --yes-always --message "Review and simplify: $TASK" "${FILES[@]}" | tee -a "$LOG"  # expect: RA101(error)

echo "done; transcript in $LOG"
