#!/usr/bin/env bash
# RA101: a substitution whose pattern and replacement hold escaped slashes (and a
# nested expansion) is valid bash, read whole; the pipeline after it loses claude's
# status.
set -e

prompt=$(cat PROMPT.md)
prompt="${prompt//python3 scripts\/board.py/python3 scripts\/board.py --tasks-dir ${BOARD_DIR}\/tasks\/}"
claude -p "$prompt" | tee -a agent.log  # expect: RA101(error)
