#!/usr/bin/env bash
# Near miss: the same library captures the status with `|| return $?`, which passes
# the failed function's own status on.
set -euo pipefail

gen_main() {
  local codex_bin="${CODEX_BIN:-npx --yes @openai/codex}"
  local codex_flags="${CODEX_FLAGS:---yolo}"
  gen_card "$1" "$codex_bin" "$codex_flags"
}

gen_card() {
  local card="$1"
  local codex_bin="$2"
  local codex_flags="$3"
  local pass
  for pass in 1 2 3; do
    gen_run_once "$card" "$pass" "$codex_bin" "$codex_flags" || return $?
  done
}

gen_run_once() {
  local card="$1"
  local pass="$2"
  local -a bin_words=() flag_words=() cmd=()
  bin_words=($3)
  flag_words=($4)
  cmd=("${bin_words[@]}" exec "${flag_words[@]}" -- "$(cat "$card")")
  if ! "${cmd[@]}" >"response.$pass.log" 2>&1; then
    return 2
  fi
  grep -q '^diff --git' "response.$pass.log" || return 3
}
