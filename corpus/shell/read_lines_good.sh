#!/usr/bin/env bash
# No RA203: the output is read line by line and examined, each line matched against the
# markers the prompt asks for (through a pipe, and through a fifo a parser writes), so
# each round is judged by what the agent printed.
fifo=$(mktemp -u)
mkfifo "$fifo"
while true; do
  rm -f .done
  claude -p "take the next task from TODO.md; print DONE when none is left" 2>&1 |
    while IFS= read -r line; do
      case "$line" in
        *DONE*) touch .done ;;
      esac
    done
  [[ -f .done ]] && break

  ( codex exec "review the last commit" 2>&1 | ./parse-events.sh > "$fifo" ) &
  pid=$!
  verdict=""
  while IFS= read -r event; do
    if [[ "$event" == VERDICT:* ]]; then
      verdict="${event#VERDICT:}"
    fi
  done < "$fifo"
  wait "$pid" || true
  [[ "$verdict" == approve ]] || git revert --no-edit HEAD
done
