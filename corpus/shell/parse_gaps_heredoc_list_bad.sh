#!/usr/bin/env bash
# A here-document's command that goes on after its word on the line (`; then`, `|| …`):
# valid bash that the grammar misreads, mended before parsing. Inside `if !`, `$?` is
# the negation's status.
review() {
  if ! claude -p - <<EOF >/dev/null 2>&1; then
Review the diff and list the risky changes.
EOF
    status=$?  # expect: RA203(warning)
    echo "review failed ($status)" >&2
    return 1
  fi
}
review
