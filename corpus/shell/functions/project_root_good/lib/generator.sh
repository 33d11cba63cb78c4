#!/usr/bin/env bash
# The project's codex step, sourced by the loop from the project's root.
run_generator() {
  codex exec --full-auto "$(cat "$1")"
}
