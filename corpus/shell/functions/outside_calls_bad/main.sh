#!/usr/bin/env bash
set -e
source "$(dirname "$0")/lib/agent.sh"

phase() {
    call_agent "$1" "reports/$1.md"
}

phase research
phase plan
run_review
score=$(run_score)
echo "score: $score"
