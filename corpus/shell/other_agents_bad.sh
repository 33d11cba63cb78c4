#!/usr/bin/env bash
# RA101 with agent CLIs other than gptme (recognition-only profiles): claude,
# codex, aider, gemini, opencode, goose, cursor-agent, copilot, qwen, openclaw (whose `agent`
# subcommand alone runs an agent turn), kimi, kiro-cli (documented exit codes), amp and droid. Under errexit without pipefail, a
# masked agent stage is an error; `cat FILE | claude -p` masks only `cat`
# (a warning: `cat` of a file can fail, claude's own status wins).
set -eu

LOG=${LOG:-agent.log}
TASK=${TASK:-"Fix the failing test in tests/test_io.py"}

cat PROMPT.md | claude -p --dangerously-skip-permissions --output-format stream-json | tee -a "$LOG"  # expect: RA101(error)
cat PROMPT.md | claude -p --model sonnet > claude-answer.md  # expect: RA102(info)
claude -p "$TASK" --output-format json | jq -r '.result' > result.md  # expect: RA101(error)
codex exec --full-auto "$TASK" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
aider --yes-always --message "$TASK" tests/test_io.py | tee -a "$LOG"  # expect: RA101(error)
gemini -p "$TASK" | tee -a "$LOG"  # expect: RA101(error)
opencode run "$TASK" | tee -a "$LOG"  # expect: RA101(error)
goose run --text "$TASK" | tee -a "$LOG"  # expect: RA101(error)
cursor-agent -p --output-format text "$TASK" | tee -a "$LOG"  # expect: RA101(error)
copilot -p "$TASK" --allow-all-tools --no-color | tee -a "$LOG"  # expect: RA101(error)
qwen -p "$TASK" --approval-mode yolo 2>&1 | tee -a "$LOG"  # expect: RA101(error)
npx -y @qwen-code/qwen-code@latest --prompt "$TASK" --yolo | tee -a "$LOG"  # expect: RA101(error)
openclaw agent --local --session-id fix --message "$TASK" | tee -a "$LOG"  # expect: RA101(error)
openclaw --profile ops agent --message "$TASK" | tee -a "$LOG"  # expect: RA101(error)
kimi --print -w "$PWD" -c "$TASK" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
kiro-cli chat --no-interactive --trust-all-tools "$TASK" | tee -a "$LOG"  # expect: RA101(error)
amp --dangerously-allow-all -x "$TASK" --stream-json | tee -a "$LOG"  # expect: RA101(error)
amp threads continue -x "and now run the tests" | tee -a "$LOG"  # expect: RA101(error)
droid exec --auto medium "$TASK" 2>&1 | tee -a "$LOG"  # expect: RA101(error)

echo "all agents ran"
