#!/bin/bash
# Each reply run is told to append to the conversation log, which the loop reads back
# only as the next prompt's history (`[ -f ]` guards that read): that test judges no
# run, so a failed reply is dropped unseen and the message is consumed anyway.
set -euo pipefail
CONVERSATION_LOG="/var/lib/penpal/conversation.log"

while true; do
    HISTORY=""
    if [[ -f "${CONVERSATION_LOG}" ]]; then
        HISTORY=$(tail -c 4000 "${CONVERSATION_LOG}")
    fi
    PROMPT="$(cat <<EOF
${PERSONA}
Earlier messages: ${HISTORY}
Reply to the newest message, then append a summary of it to ${CONVERSATION_LOG}.
EOF
)"
    claude -p "${PROMPT}" 2>&1 | tee -a /var/log/penpal/claude.log || true  # expect: RA203(warning)
    echo "Reply processed."
    sleep 60
done
