#!/bin/bash
# Near miss: the same printed command line run with pipefail on, and a function whose
# printed line starts with a program known only at run time (no agent to name).
set -o pipefail
build_agent_cmd() {
    case "$1" in
        codex) echo "codex exec --full-auto $(printf '%q' "$2")" ;;
        *) echo "claude --dangerously-skip-permissions -p $(printf '%q' "$2")" ;;
    esac
}

build_tool_cmd() {
    echo "$(command -v "$1") --quiet $(printf '%q' "$2")"
}

agent_cmd=$(build_agent_cmd "$AGENT" "$TASK")
$agent_cmd 2>&1 | tee -a agent.log
echo "agent exited with $?"
tool_cmd=$(build_tool_cmd "$TOOL" "$TASK")
set +o pipefail
$tool_cmd | tee -a tool.log  # expect: RA102(info)
