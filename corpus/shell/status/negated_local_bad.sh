#!/usr/bin/env bash
# RA203: after `!`, `local` makes the captured run's status its own (always 0), and
# nothing examines what the run printed: a failed run is used as an answer.
translate() {
  if ! local response=$(echo "$1" | gemini 2>/dev/null); then  # expect: RA203(warning)
    echo "$1"
    return 0
  fi
  echo "$response" > translated.md
}
translate "$(cat README.md)"
