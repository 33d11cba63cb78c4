#!/usr/bin/env bash
# Near miss: the same `]` patterns (mended before parsing), and the agent's
# status read through PIPESTATUS.

append_action() {
    local action="$1"
    if [ "$ACTIONS" = "[]" ]; then
        ACTIONS="[$action]"
    else
        ACTIONS="${ACTIONS%]}, $action]"
    fi
    tail=${ACTIONS##*]}
    echo "${tail//]/}"
}

append_action '{"tool": "claude"}'
claude -p "Summarise ${ACTIONS#[}" | tee -a actions.log
rc=${PIPESTATUS[0]}
echo "claude exited $rc"
exit "$rc"
