#!/usr/bin/env bash
# RA203: the agent's status is thrown away.

gptme --non-interactive "Fix lint errors" || true  # expect: RA203(warning)
git commit -am "lint fixes"

claude -p "Write release notes" > NOTES.md  # expect: RA203(warning)
git add NOTES.md

gptme --non-interactive "Warm the cache" &  # expect: RA203(warning)
echo "started"

aider --yes --message "Rename the helper" || :  # expect: RA203(warning)

# Under pipefail, reading only the other stage's PIPESTATUS entry leaves the agent's: RA101.
set -o pipefail
gptme --non-interactive "Draft the summary" | tee summary.log  # expect: RA101(error)
tee_status=${PIPESTATUS[1]}
echo "tee exited $tee_status"
set +o pipefail
exit 0
