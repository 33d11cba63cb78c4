# Shared helpers of the sibling libraries: ../pipeline_bad.sh sources this file first.
run_claude() {
  claude -p "$1" --output-format json
}
