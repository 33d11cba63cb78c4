#!/usr/bin/env bash
# Near misses: a function whose agent run is not where its body ends does not
# pass the agent's status on, so its calls are not agent runs. Here the run is
# judged by its output inside the function, which then returns 0 on purpose.

pass=0
fail=0

run_case() {
  local name="$1" prompt="$2" expected="$3"
  local output
  output=$(cd "$HOME/project" && claude -p --output-format text "$prompt" 2>&1) || true
  if echo "$output" | grep -qi "$expected"; then
    echo "$name PASS"; pass=$((pass + 1))
  else
    echo "$name FAIL"; fail=$((fail + 1))
  fi
  return 0
}

# `local x=$(…)` returns the status of `local`, not the agent's; the text is
# examined after it.
probe() {
  local answer=$(codex exec "Say READY")
  [[ "$answer" == *READY* ]]
}

for name in first second third; do
  run_case "$name" "Run the $name check" "PASS"
  echo "ran $name"
  probe || echo "codex is not ready"
done

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
