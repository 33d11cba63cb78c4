# shellcheck shell=bash
# Helpers a harness script sources: one checks the report a run was to write, one only
# shows it.

finish_run() {
  echo "== $1 done =="
  if [ ! -s "$REPORT" ]; then
    echo "$1 did not write $REPORT" >&2
    exit 1
  fi
}

show_report() {
  if [ -f "$REPORT" ]; then
    cat "$REPORT"
  fi
}
