#!/usr/bin/env bash
# Near miss: the same resumable batch loop, but each run's file is parsed after the run,
# and a file that is not valid JSON (a failed run's error text) is removed, so the
# next pass redoes that batch.

for batch in batches/*.json; do
  name=$(basename "$batch" .json)
  out="translated/${name}.json"
  if [ -f "$out" ]; then
    continue
  fi
  gemini -p "Translate to English: $(cat "$batch")" > "$out" 2>&1
  if ! jq empty "$out" 2>/dev/null; then
    echo "batch $batch failed" >&2
    rm -f "$out"
  fi
done
