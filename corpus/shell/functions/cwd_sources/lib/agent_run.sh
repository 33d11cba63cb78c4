#!/usr/bin/env bash
# A library at the project's top: `run_agent` runs codex and passes its status on.
run_agent() {
  codex exec --full-auto "$1"
}
