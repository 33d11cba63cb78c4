#!/usr/bin/env bash
# A `]` in a pattern of `${…%…}`, `${…#…}` or `${…/…}` is a literal character to
# bash, but tree-sitter-bash 0.25 fails on it; mended before parsing, the agent
# run after it is audited like any other.

append_action() {
    local action="$1"
    if [ "$ACTIONS" = "[]" ]; then
        ACTIONS="[$action]"
    else
        ACTIONS="${ACTIONS%]}, $action]"
    fi
}

append_action '{"tool": "claude"}'
claude -p "Summarise ${ACTIONS#[}" | tee -a actions.log  # expect: RA203(warning)
echo "logged"
