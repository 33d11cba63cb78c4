#!/bin/bash
# A runner writes a git hook from a here-document whose `case` arms come from a
# `$(…)` (unquoted delimiter): bash writes the substitution's output in its place,
# so the text as written is a template, not a script with a syntax error, and the
# rest of it is audited: its agent's pipeline without pipefail is RA101. A quoted
# delimiter writes its text as it stands, so a `case` left open there is RA900.
set -euo pipefail

fenced=$(jq -r '.fenced[]' owners.json)
cat > .git/hooks/pre-commit <<HOOK
#!/bin/bash
set -e
for file in \$(git diff --cached --name-only); do
  case "\$file" in
$(printf '%s\n' "$fenced" | while read -r f; do echo "    ${f}) echo \"fenced: \${file}\"; exit 1 ;;"; done)
  esac
done
claude -p "Review the staged diff" | tee -a .git/review.log  # expect: RA101(error)
HOOK
chmod +x .git/hooks/pre-commit

cat > .git/hooks/post-commit <<'HOOK'
#!/bin/bash
case "$1" in  # expect: RA900(info)
  --quiet)
    exit 0
HOOK
