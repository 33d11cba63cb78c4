#!/bin/bash
# Starts the desktop container, run by desktop-script.service. It names agents only
# to pick the image and the folders to mount: the agent runs interactively inside the
# container, not here, so a restart of this script respawns no agent run.
set -euo pipefail
AGENT=${AGENT:-claude}
MOUNTS=()
case "$AGENT" in
    claude) MOUNTS+=(-v "$HOME/.claude:/home/user/.claude") ;;
    codex) MOUNTS+=(-v "$HOME/.codex:/home/user/.codex") ;;
esac
echo "starting the desktop for $AGENT"
exec docker run --rm --name desktop "${MOUNTS[@]}" "desktop:$AGENT"
