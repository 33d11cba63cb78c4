#!/bin/bash
# RA203: the answer's first line is cut out and trimmed (`xargs` without a command only
# echoes its words) for a file name, and the rest written there: a copy of the text,
# no test of it, so a failed run's error message becomes the file.
response=$(claude -p "Write one HTML page. Start with 'FILENAME: name', then the page.")  # expect: RA203(warning)
filename=$(echo "$response" | head -1 | cut -d: -f2 | xargs)
page=$(echo "$response" | tail -n +2)
echo "$page" > "$filename"
echo "wrote $filename"
