#!/usr/bin/env bash
# RA101 severity through wrappers (errexit on, no pipefail): the agent is
# recognised after stripping `timeout`, `nice`, `env`, `uv run`, `nohup`,
# `stdbuf`, `ionice`, `setsid`, `python -m`, through an absolute path, a
# variable holding `$(command -v gptme)` or a path, and an array whose first
# element is the agent. Wrapped non-agent commands stay warnings, and an
# agent name that is only an argument does not make a stage an agent.
set -e

LOG=${LOG:-agent.log}
MODEL=${MODEL:-openai/gpt-4o}
API=${API:-https://queue.example.com/api}
PROMPT="Update the README badges and fix broken links."

GPTME=$(command -v gptme)
CLAUDE_BIN=/usr/local/bin/claude
AGENT=(gptme --non-interactive --model "$MODEL")

timeout 1800 gptme --non-interactive "$PROMPT" 2>&1 | tee -a "$LOG"  # expect: RA101(error)
timeout -k 30 --signal=INT 1800 gptme -n "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
nice -n 10 gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
env GPTME_LOG_LEVEL=debug FOO=1 gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
uv run gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
nohup stdbuf -oL gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
ionice -c 3 gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
setsid gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
python -m gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
/home/bob/.local/bin/gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
"$GPTME" --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
"$CLAUDE_BIN" -p "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
"${AGENT[@]}" "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
GPTME_LOG_LEVEL=debug gptme --non-interactive "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
mise exec -- claude -p "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
mise x node@22 python@3.12 -- codex exec "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)
mise exec node@22 -- npx prettier --check . | tee -a "$LOG"  # expect: RA102(info)

timeout 60 curl -fsS "$API/next" | jq -r '.task' > next-task.txt  # expect: RA101(warning)
nice -n 19 grep -rh 'gptme' logs/ | sort | uniq -c > usage.txt  # expect: RA102(info)

# a function that prints the path of the program it looks up (or a path set beforehand)
resolve_codex() {
  if [ -n "${CODEX_BIN:-}" ]; then
    printf '%s' "$CODEX_BIN"
    return 0
  fi
  command -v codex 2>/dev/null || true
}
CODEX_PATH="$(resolve_codex)"
"$CODEX_PATH" exec "$PROMPT" | tee -a "$LOG"  # expect: RA101(error)

echo "all wrapped runs finished"
