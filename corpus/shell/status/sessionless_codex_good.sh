#!/usr/bin/env bash
# Near miss for RA203: turning on codex's feature flags, or trying a command in its
# sandbox, starts no agent session (the `features` and `sandbox` subcommands).
configure_codex() {
  if command -v codex >/dev/null 2>&1; then
    codex features enable web_search_request >/dev/null
    codex sandbox -- ls -la >/dev/null
    echo "codex configured"
  fi
}
configure_codex
