#!/usr/bin/env bash
# A here-document whose body starts with a shebang is a script this one writes out and
# runs: its code is audited where it is written. The wrapper pipes the agent into `tee`
# without pipefail and records `$?`, which is `tee`'s.
set -euo pipefail

run_task() {
  local prompt_file=$1 output_file=$2 wrapper
  local claude_path
  claude_path=$(command -v claude || echo claude)
  wrapper=$(mktemp)
  cat > "$wrapper" <<WRAPPER
#!/usr/bin/env bash
cd "$PWD"
cat "$prompt_file" | "$claude_path" -p --dangerously-skip-permissions 2>&1 | tee "$output_file"  # expect: RA101(error)
echo \$? > "$output_file.status"
WRAPPER
  bash "$wrapper"
  [ "$(cat "$output_file.status")" = 0 ]
}

run_task prompt.md out.log
