#!/usr/bin/env bash
# One helper holds a construct tree-sitter-bash 0.25 cannot read (an ANSI-C string as a
# pattern: `${dir/$'/:'*}`), after which it read nothing of the file: the helper is now
# reported unread (RA900) and the rest of the script is audited.
set -e

first_config_dir() {  # expect: RA900(info)
  local dir="${XDG_CONFIG_DIRS:-/etc/xdg}"
  dir="${dir/$'/:'*}"
  printf '%s\n' "$dir"
}

run_review() {
  claude -p "Review the open pull request" | tee review.log  # expect: RA101(error)
}

first_config_dir
run_review
