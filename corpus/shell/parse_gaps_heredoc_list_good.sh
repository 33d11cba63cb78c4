#!/usr/bin/env bash
# A near miss: the here-document's command is an operand of `||`, so its status is read
# (the grammar alone hangs `|| return 1` inside the redirect).
review() {
  claude -p - <<EOF >review.md || return 1
Review the diff and list the risky changes.
EOF
  if ! python3 - <<'PY' >/dev/null 2>&1; then
import sys
PY
    echo "python3 is missing" >&2
  fi
}
review || exit 1
