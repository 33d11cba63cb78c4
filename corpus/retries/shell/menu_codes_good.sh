#!/usr/bin/env bash
# Near miss: a menu loop goes round when the launch function returns 2, a code it
# returns only in the menu's "back" arm, where aider never runs; when aider fails the
# function returns 1 and the loop leaves. Nothing re-runs a failed aider.

launch() {
  local choice
  read -r -p "1=launch, 2=back, 0=main menu: " choice
  case "${choice:-1}" in
    1)
      aider --model "$1" --edit-format "$2"
      local status=$?
      if [ "$status" -ne 0 ]; then
        echo "aider failed with $status" >&2
        return 1
      fi
      return 0
      ;;
    2)
      return 2
      ;;
    *)
      return 1
      ;;
  esac
}

while true; do
  read -r -p "edit format: " format
  launch "sonnet" "$format"
  if [ $? -eq 2 ]; then
    continue
  fi
  break
done
