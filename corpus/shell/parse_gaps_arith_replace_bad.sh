#!/usr/bin/env bash
# RA101: an arithmetic expansion in a substitution's replacement (after a pattern with
# escaped braces) is valid bash, read whole; the pipeline after it loses claude's status.
set -e

REMAINING=$((END - $(date +%s)))
ROUND_PROMPT="$(cat PROMPT.md)"
ROUND_PROMPT="${ROUND_PROMPT//\{REMAINING_TIME\}/$((REMAINING / 60)) minutes}"
claude -p "$ROUND_PROMPT" | tee -a night.log  # expect: RA101(error)
