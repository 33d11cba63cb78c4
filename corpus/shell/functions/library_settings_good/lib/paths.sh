#!/usr/bin/env bash
# Shared settings: `load_settings` sets where the agent and the logs are, when called.
load_settings() {
  LOGS="${LOGS:-$HOME/.cache/dispatch}"
  CLAUDE_BIN="${CLAUDE_BIN:-$(command -v claude || true)}"
  TIMEOUT_SEC="${TIMEOUT_SEC:-2400}"
  mkdir -p "$LOGS"
}
