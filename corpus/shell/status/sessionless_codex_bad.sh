#!/usr/bin/env bash
# RA203: the same set-up function, but `codex exec` starts a session, and nothing reads
# its status before the message says the changelog is done.
update_changelog() {
  if command -v codex >/dev/null 2>&1; then
    codex exec "Update CHANGELOG.md for the release" >/dev/null  # expect: RA203(warning)
    echo "changelog updated"
  fi
}
update_changelog
