#!/bin/sh
# Run by the Makefiles beside it by path: the agent is its last command, so its
# exit status is the agent's.
gptme --non-interactive "$(cat PROMPT.md)"
