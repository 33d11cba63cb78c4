#!/bin/bash
# RA203: the check of the file the prompt names runs before the function that runs the
# agent is called (a function's body runs where it is called), and a function that
# declares the same name `local` reads another variable.
draft() {
  local prompt="Write the changelog to ${CHANGELOG}."
  codex exec "$prompt" > /dev/null  # expect: RA203(warning)
  git add -A
}
count_entries() {
  local CHANGELOG="docs/old-changelog.md"
  grep -c '^- ' "$CHANGELOG"
}
CHANGELOG="CHANGELOG.md"
if [ -f "$CHANGELOG" ]; then
  echo "updating $CHANGELOG"
fi
draft
count_entries
git commit -m "changelog"
