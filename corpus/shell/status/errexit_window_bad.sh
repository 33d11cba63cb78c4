#!/usr/bin/env bash
# RA203 around `set +e`: output read without an explicit window (the status is
# simply dropped), and a window whose output nothing reads afterwards.
set -u

claude -p "Write the weekly digest" > digest.md  # expect: RA203(warning)
grep -c '^- ' digest.md

set -e
set +e
gptme --non-interactive "Clean up stale branches" > cleanup.log 2>&1  # expect: RA203(warning)
set -e
echo "cleanup finished"
rm -f cleanup.log
