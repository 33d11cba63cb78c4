#!/bin/bash
# RA102 (opt-in, info): only filters and probes are masked. Off by default;
# the corpus runs every rule, and its default run must report the same
# minus these.
set -e

files=$(find "$DIR" -name '*.md' | sort)  # expect: RA102(info)
git log --oneline -n 20 | grep -v Merge > recent.txt  # expect: RA102(info)
count=$(grep -c ERROR "$LOG" | tr -d ' ')  # expect: RA102(info)
ls -t logs/ | while read -r name; do echo "logs/$name"; done | sort -r > index.txt  # expect: RA102(info)

# The same command twice is named with its position.
sha=$(sha256sum "$FILE" | tr -d '\n' | tr 'a-f' 'A-F')  # expect: RA102(info)

# A prompt read with cat is a filter stage: the agent's own status is returned.
cat PROMPT.md | gptme --non-interactive -  # expect: RA102(info)

# A version probe is not an agent run: its pipeline is a probe's, RA102's.
codex --version | tee -a versions.txt  # expect: RA102(info)

# `git log`, `git diff`: probes, not fetches.
changed=$(git diff --name-only HEAD~1 | sort -u)  # expect: RA102(info)

echo "$files $count $sha $changed"
