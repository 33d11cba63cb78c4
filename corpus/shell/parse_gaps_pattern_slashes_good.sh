#!/usr/bin/env bash
# Near miss: a substitution whose pattern and replacement hold escaped slashes (and a
# nested expansion) is valid bash, read whole; pipefail keeps claude's status.
set -eo pipefail

prompt=$(cat PROMPT.md)
prompt="${prompt//python3 scripts\/board.py/python3 scripts\/board.py --tasks-dir ${BOARD_DIR}\/tasks\/}"
claude -p "$prompt" | tee -a agent.log
