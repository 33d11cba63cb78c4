#!/bin/bash
# A wrapper that runs what it is given under a time limit (gtimeout on macOS).
timeout_cmd() {
    local duration="$1"
    shift
    if command -v gtimeout &>/dev/null; then
        gtimeout "$duration" "$@"
        return $?
    fi
    timeout "$duration" "$@"
}
