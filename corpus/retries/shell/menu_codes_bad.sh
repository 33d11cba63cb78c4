#!/usr/bin/env bash
# RA302: the same menu loop, but the launch function returns 2 when aider fails as well
# as for the menu's "back": going round on 2 runs aider again after it failed.

launch() {
  local choice
  read -r -p "1=launch, 2=back, 0=main menu: " choice
  case "${choice:-1}" in
    1)
      if ! aider --model "$1" --edit-format "$2"; then
        echo "aider failed" >&2
        return 2
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

while true; do  # expect: RA302(warning)
  read -r -p "edit format: " format
  launch "sonnet" "$format"
  if [ $? -eq 2 ]; then
    continue
  fi
  break
done
