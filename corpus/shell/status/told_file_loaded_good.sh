#!/bin/bash
# Near miss: after each run the loop greps the log the run is told to append to (the
# same file the next prompt's history comes from) and stops when no reply was recorded:
# that judges the run.
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
Reply to the newest message, then append "SENT: <date>" and a summary to ${CONVERSATION_LOG}.
EOF
)"
    claude -p "${PROMPT}" 2>&1 | tee -a /var/log/penpal/claude.log || true
    if ! grep -q "SENT: $(date +%F)" "${CONVERSATION_LOG}"; then
        echo "no reply recorded" >&2
        exit 1
    fi
    sleep 60
done
