#!/bin/bash
# Near miss of written_hook_template_bad.sh: the hook's `case` arms come from a
# `$(…)` in an unquoted here-document (a template bash fills in when it writes the
# file, never RA900), and the hook sets pipefail before its agent's pipeline.
set -euo pipefail

fenced=$(jq -r '.fenced[]' owners.json)
cat > .git/hooks/pre-commit <<HOOK
#!/bin/bash
set -eo pipefail
for file in \$(git diff --cached --name-only); do
  case "\$file" in
$(printf '%s\n' "$fenced" | while read -r f; do echo "    ${f}) echo \"fenced: \${file}\"; exit 1 ;;"; done)
  esac
done
claude -p "Review the staged diff" | tee -a .git/review.log
HOOK
chmod +x .git/hooks/pre-commit
