#!/usr/bin/env bash
# A function passes the agent's status on when the agent's statement is where
# its body ends: the last command, the last operand of `&&`, the last command
# of a branch, or the `$(…)` of a final `NAME=$(…)`. Its calls are agent runs.

review() {
  local dir="$1"
  cd "$dir" && claude -p "Review the diff in $dir"
}

summarize() {
  if [ -n "$1" ]; then
    summary=$(codex exec "Summarize $1")
  else
    summary=$(codex exec "Summarize the repository")
  fi
}

for dir in api web; do
  review "$dir"  # expect: RA203(warning)
  echo "reviewed $dir"
done

for part in core cli; do
  summarize "$part"  # expect: RA203(warning)
  echo "$part summarized"
done
