#!/usr/bin/env bash
# RA203 around `set +e`: a window whose output nothing examines afterwards. (A run
# whose output is examined is judged by it, window or not: the first one.)
set -u

claude -p "Write the weekly digest" > digest.md
grep -c '^- ' digest.md

set -e
set +e
gptme --non-interactive "Clean up stale branches" > cleanup.log 2>&1  # expect: RA203(warning)
set -e
echo "cleanup finished"
rm -f cleanup.log
