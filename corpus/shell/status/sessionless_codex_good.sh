#!/usr/bin/env bash
# Near miss for RA203: listing or turning on codex's feature flags starts no agent
# session (the `features` subcommand).
configure_codex() {
  if command -v codex >/dev/null 2>&1; then
    codex features enable web_search_request >/dev/null
    codex features list >/dev/null
    echo "codex configured"
  fi
}
configure_codex
