#!/usr/bin/env bash
# Near misses for RA203: the agent's status is the script's or a function's
# own exit status. bash takes an `if`'s status from the last command of the
# branch it ran, and a `case`'s from the last command of the arm it ran, so an
# agent ending a branch of the final `if`/`case` hands its status to the caller.

MODE=${1:-work}
TASK=${TASK:-"Work through TASKS.md"}

pick_backend() {
  if command -v claude >/dev/null; then
    claude -p "$TASK"
  elif [ -n "${AIDER_MODEL:-}" ]; then
    echo "using aider with $AIDER_MODEL" >&2
    aider --yes --model "$AIDER_MODEL" --message "$TASK"
    # the last command of the branch, whatever comments follow
  else
    gptme --non-interactive "$TASK"
  fi
}

if ! pick_backend; then
  echo "backend failed" >&2
fi

case "$MODE" in
  review)
    gptme --non-interactive "Review the open pull requests"
    ;;
  work)
    cd "${WORKDIR:-$PWD}" || exit 1
    timeout 3600 gptme --non-interactive "$TASK" ;;
  *)
    codex exec "$TASK"
esac
