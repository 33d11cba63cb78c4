# A library of agent steps, sourced from the folder its drivers find by default.
run_agent() {
  claude -p "$1" --output-format text > "logs/$2.md"
}
