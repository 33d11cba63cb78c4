#!/bin/bash
# Near miss: the same answer, judged before it is written: the script stops unless
# its first line carries the marker the prompt asks for.
response=$(claude -p "Write one HTML page. Start with 'FILENAME: name', then the page.")
if ! echo "$response" | head -1 | grep -q '^FILENAME: '; then
  echo "no page in the answer" >&2
  exit 1
fi
filename=$(echo "$response" | head -1 | cut -d: -f2 | xargs)
page=$(echo "$response" | tail -n +2)
echo "$page" > "$filename"
echo "wrote $filename"
