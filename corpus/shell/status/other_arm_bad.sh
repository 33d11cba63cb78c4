#!/bin/bash
# RA203: a check in another arm of the `case` that runs the agent never runs after it.
# The prompt comes from a function, so the run could write any file; the `[ -f ]` of the
# `--files` arm still tells nothing of the `--diff` run, which only one arm runs.
review_prompt() {
  echo "Review the changes and list the critical issues first."
}

case "$1" in
  --diff)
    git diff | claude -p --model opus "$(review_prompt)"  # expect: RA203(warning)
    ;;
  --files)
    shift
    for file in "$@"; do
      if [ -f "$file" ]; then
        cat "$file" >> review-input.txt
      fi
    done
    echo "collected $# files into review-input.txt"
    ;;
esac
echo "Code review complete!"
