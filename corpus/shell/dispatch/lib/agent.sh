#!/usr/bin/env bash
# The dispatcher's agent helper: codex's status is the function's (pipefail is on where
# the dispatcher sources it).
run_codex() {
    local prompt_file="$1" out="$2"
    codex exec -s read-only -o "$out" "$(cat "$prompt_file")" 2>&1 | tee -a codex.log
}
