#!/usr/bin/env bash
set -e
source "$(dirname "$0")/lib/agent.sh"

phase() {
    if ! call_agent "$1" "reports/$1.md"; then
        echo "phase $1 failed" >&2
        exit 1
    fi
}

phase research
phase plan
if ! run_review; then exit 1; fi
score=$(run_score)
echo "score: $score"
