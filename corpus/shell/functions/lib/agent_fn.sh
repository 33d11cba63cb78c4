# A library: the agent is named only here, in a function the runner calls.
run_step() {
  claude -p "$1" --max-turns 30
}
