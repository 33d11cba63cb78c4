# Calls a function of a sibling library (common.sh) without sourcing it: the script that
# sources both defines it before any call.
review_changes() {
  run_claude "Review the diff and answer PASS or FAIL"
}
